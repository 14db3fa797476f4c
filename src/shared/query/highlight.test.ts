import { describe, expect, test } from 'vitest';
import { highlightSegments } from './highlight';
import { parseQuery } from './parse';

function marked(query: string, text: string) {
  const parsed = parseQuery(query);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return highlightSegments(parsed.ast, text)
    .map((s) => (s.match ? `[${s.text}]` : s.text))
    .join('');
}

describe('highlightSegments', () => {
  test.each([
    ['cat', "The Cat! and the cat's category", "The [Cat]! and the [cat]'s category"],
    ['café', 'I love CAFE and Café', 'I love [CAFE] and [Café]'],
    ['pric*', 'Pricing and prices, not apricot', '[Pricing] and [prices], not apricot'],
    ['"customer support"', 'Great Customer-Support here', 'Great [Customer-Support] here'],
    ['c++ OR node.js', 'I use C++ and Node.js daily', 'I use [C++] and [Node.js] daily'],
    ['stripe -paddle', 'stripe vs paddle', '[stripe] vs paddle'],
    ['NOT NOT a b', 'a b c', '[a] [b] c'],
    ['stripe', 'nothing here', 'nothing here'],
    ['naïve', 'a nai\u0308ve plan', 'a [nai\u0308ve] plan'],
  ])('%s in %j', (query, text, expected) => {
    expect(marked(query, text)).toBe(expected);
  });

  test('an empty text has no segments', () => {
    expect(marked('a', '')).toBe('');
  });
});
