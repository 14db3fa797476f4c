import { describe, expect, test } from 'vitest';
import { collectTerms } from './collect';
import { matchedTerms, matches } from './evaluate';
import { parseOk } from './test-helpers';

describe('matches', () => {
  test.each([
    // Whole words, case and accents.
    { query: 'cat', text: 'Cat!' },
    { query: 'cat', text: "the cat's toy" },
    { query: 'cat', text: 'CAT' },
    { query: 'cat', text: 'cat_food' },
    { query: 'café', text: 'CAFE' },
    { query: 'CAFE', text: 'Café au lait' },
    { query: 'straße', text: 'STRASSE' },
    { query: 'strasse', text: 'Straße' },
    { query: 'ΟΔΟΣ', text: 'μια οδός' },
    { query: 'İstanbul', text: 'istanbul' },
    { query: 'ｆｕｌｌ', text: 'full width' },
    // Symbol terms.
    { query: 'c++', text: 'I love C++!' },
    { query: 'c++', text: 'c+++' },
    { query: 'node.js', text: 'Node.js rocks' },
    { query: '$tsla', text: 'buy $TSLA now' },
    { query: '$tsla', text: '($TSLA)' },
    { query: 'c#', text: 'C# and .NET' },
    { query: 'e-mail', text: 'send an E-Mail' },
    { query: 'a*b', text: 'literal a*b' },
    // Prefix terms.
    { query: 'pric*', text: 'Pricing page' },
    { query: 'pric*', text: 'the price' },
    { query: 'pric*', text: 'pric' },
    { query: 'a**', text: 'a*b' },
    // Phrases.
    { query: '"customer support"', text: 'customer-support' },
    { query: '"customer support"', text: 'Customer, support' },
    { query: '"customer support"', text: 'customer   support' },
    { query: '"customer support"', text: 'customer\nsupport' },
    { query: '"customer support"', text: 'customer 🙂 support' },
    { query: '"customer support"', text: 'the customer—support team' },
    { query: '"customer support"', text: 'customer\u00a0support' },
    { query: '"customer - support"', text: 'customer support' },
    { query: '"c++ developer"', text: 'Senior C++ developer' },
    { query: '"foo -bar"', text: 'foo -bar' },
    { query: '"hello"', text: 'Hello!' },
    { query: '"pric*"', text: 'pric*' },
    { query: '“customer support”', text: 'customer support' },
    { query: 'don´t', text: 'don´t' },
    // Operators and precedence.
    { query: 'a OR b c', text: 'a' },
    { query: 'a OR b c', text: 'c b' },
    { query: '(a OR b) c', text: 'b c' },
    { query: 'NOT a b', text: 'b' },
    { query: 'x ((a OR b) (c OR (d e)))', text: 'x b e d' },
    { query: 'python -snake', text: 'python code' },
    { query: 'python -"monty python"', text: 'python, not monty' },
    { query: 'x NOT NOT a', text: 'x a' },
    { query: 'x --a', text: 'x a' },
    { query: 'x -AND', text: 'x y' },
    { query: 'cats and dogs', text: 'cats and dogs' },
    { query: 'not bad', text: 'not bad at all' },
    // Curly quotes, invisible characters, whitespace.
    { query: "don't", text: 'I don’t know' },
    { query: 'don’t', text: "I don't know" },
    { query: 'password', text: 'pass\u00adword' },
    { query: 'password', text: 'pass\u200bword' },
    { query: 'word', text: '\ufeffword' },
    { query: '"new york"', text: 'new\u3000york' },
    // CJK, Hangul, emoji.
    { query: '東京', text: '東京都に住む' },
    { query: '"東京 大阪"', text: '東京大阪' },
    { query: '"東京 大阪"', text: '東京・大阪' },
    { query: 'メン', text: 'ラーメン' },
    { query: 'ｶﾀｶﾅ', text: 'カタカナ' },
    { query: '서울', text: '서울 시' },
    { query: 'launch', text: 'launch🚀' },
    { query: 'rocket🚀', text: 'rocket🚀 launch' },
    { query: '"to the moon"', text: 'to 🚀 the moon' },
  ])('$query matches $text', ({ query, text }) => {
    expect(matches(query, text)).toBe(true);
  });

  test.each([
    { query: 'cat', text: 'category' },
    { query: 'cat', text: 'bobcat' },
    { query: 'cat', text: 'cat2' },
    { query: 'cafe', text: 'cafeteria' },
    { query: 'c++', text: 'c++11' },
    { query: 'c++', text: 'abc++' },
    { query: 'node.js', text: 'node.json' },
    { query: 'node.js', text: 'node js' },
    { query: '$tsla', text: 'buy$tsla' },
    { query: '.net', text: 'ASP.NET' },
    { query: 'e-mail', text: 'email' },
    { query: 'a*b', text: 'ab' },
    { query: 'pric*', text: 'caprice' },
    { query: 'pric*', text: 'pri' },
    { query: '"customer support"', text: 'customer great support' },
    { query: '"customer support"', text: 'customersupport' },
    { query: '"customer support"', text: 'support customer' },
    { query: '"customer support"', text: 'customer supporter' },
    { query: '"customer support"', text: 'customer\u200bsupport' },
    { query: '"customer, support"', text: 'customer support' },
    { query: '"c++ developer"', text: 'c++developer' },
    { query: '"pric*"', text: 'pricing' },
    { query: '"東京 大阪"', text: '東京の大阪' },
    { query: 'a OR b c', text: 'b' },
    { query: '(a OR b) c', text: 'a' },
    { query: 'NOT a b', text: 'a b' },
    { query: 'python -snake', text: 'python snake' },
    { query: 'python -(snake OR monty)', text: 'monty python' },
    { query: 'x --a', text: 'x -a' },
    { query: 'cats and dogs', text: 'cats dogs' },
    { query: 'cats or dogs', text: 'cats' },
    { query: 'not bad', text: 'bad' },
    { query: '東京', text: 'Tokyo東京' },
    { query: '東京', text: '東京2020' },
    { query: '서울', text: '서울시' },
  ])('$query does not match $text', ({ query, text }) => {
    expect(matches(query, text)).toBe(false);
  });

  test('throws on a query that does not parse, since it is meant for known-good queries', () => {
    expect(() => matches('a AND', 'a')).toThrow('"AND" at position 3 needs a term after it');
  });
});

describe('matchedTerms', () => {
  test.each([
    { query: 'cat OR dog', text: 'Dog and cat', expected: ['cat', 'dog'] },
    {
      query: 'pric* "customer support"',
      text: 'Pricing; customer support',
      expected: ['pric*', '"customer support"'],
    },
    { query: 'cat -dog', text: 'cat dog', expected: ['cat'] },
    { query: 'x NOT NOT a', text: 'x a', expected: ['x', 'a'] },
    { query: 'a OR (b -a)', text: 'a b', expected: ['a', 'b'] },
    { query: 'cat cat OR cat', text: 'cat', expected: ['cat'] },
    { query: 'CAFÉ', text: 'cafe', expected: ['cafe'] },
  ])('finds $expected for $query in $text', ({ query, text, expected }) => {
    expect(matchedTerms(parseOk(query), text)).toEqual(expected);
  });
});

describe('collectTerms', () => {
  test.each([
    { query: 'a b a', expected: ['+a', '+b'] },
    { query: 'a -b', expected: ['+a', '-b'] },
    { query: 'a OR (b -a)', expected: ['+a', '+b', '-a'] },
    { query: 'x NOT NOT y', expected: ['+x', '+y'] },
    { query: 'x -(y OR "p q")', expected: ['+x', '-y', '-"p q"'] },
  ])('lists the distinct leaves of $query as $expected', ({ query, expected }) => {
    const leaves = collectTerms(parseOk(query));
    expect(leaves.map(({ text, negated }) => `${negated ? '-' : '+'}${text}`)).toEqual(expected);
  });
});
