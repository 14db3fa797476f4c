import { describe, expect, test } from 'vitest';
import { toRedditSearch } from './search-query';

describe('toRedditSearch', () => {
  test.each([
    ['zendesk', 'zendesk'],
    ['Zendesk Freshdesk', 'zendesk AND freshdesk'],
    ['"customer support" OR helpdesk', '"customer support" OR helpdesk'],
    ['(crm OR erp) pricing', '(crm OR erp) AND pricing'],
    ['pric*', 'pric'],
    ['c++ OR node.js', '"c++" OR "node.js"'],
    ['zendesk -jobs', 'zendesk'],
    ['zendesk NOT (hiring OR jobs)', 'zendesk'],
    ['NOT NOT zendesk', 'zendesk'],
    ['(a -b) OR c', 'a OR c'],
    ['and or', '"and" AND "or"'],
    ['stripe author:Spez title:fees', 'stripe AND author:spez AND title:fees'],
    ['stripe subreddit:SaaS type:post nsfw:no', 'stripe AND subreddit:saas'],
    ['stripe -author:automoderator', 'stripe'],
    ['stripe NEAR/3 "payment links"', 'stripe AND "payment links"'],
    ['café', 'cafe'],
  ])('%s searches %s', (keyword, expected) => {
    expect(toRedditSearch(keyword)).toBe(expected);
  });

  test('a query that does not parse has no search', () => {
    expect(toRedditSearch('"unclosed')).toBeUndefined();
  });
});
