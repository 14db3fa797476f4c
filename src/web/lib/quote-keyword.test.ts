import { describe, expect, test } from 'vitest';
import { quoteKeyword } from './quote-keyword';

describe('quoteKeyword', () => {
  test.each([
    ['zendesk', 'curly', '“zendesk”'],
    ['zendesk', 'straight', '"zendesk"'],
    ['"zendesk alternative" OR helpdesk', 'curly', '"zendesk alternative" OR helpdesk'],
    ['"zendesk alternative"', 'straight', '"zendesk alternative"'],
    ['“curly phrase”', 'curly', '“curly phrase”'],
  ] as const)('%s (%s) reads %s', (keyword, marks, shown) => {
    expect(quoteKeyword(keyword, marks)).toBe(shown);
  });
});
