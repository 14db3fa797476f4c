import { describe, expect, test } from 'vitest';
import { parseQuery } from './parse';
import { printQuery } from './print';
import { parseOk, shapeOf } from './test-helpers';
import { QUERY_LIMITS } from './types';

describe('parseQuery and printQuery', () => {
  test.each([
    { input: 'cat', canonical: 'cat' },
    { input: 'CAFÉ', canonical: 'cafe' },
    { input: 'a AND b', canonical: 'a b' },
    { input: 'a\tOR\nb', canonical: 'a OR b' },
    { input: 'a OR b OR c', canonical: 'a OR b OR c' },
    { input: 'a OR b c', canonical: 'a OR b c' },
    { input: '(a OR b) c', canonical: '(a OR b) c' },
    { input: '((a))', canonical: 'a' },
    { input: '(a b) (c AND d)', canonical: 'a b c d' },
    { input: 'a (b (c OR (d OR e)))', canonical: 'a b (c OR d OR e)' },
    { input: 'NOT a b', canonical: '-a b' },
    { input: 'NOT (a OR b) c', canonical: '-(a OR b) c' },
    { input: 'x NOT NOT a', canonical: 'x NOT -a' },
    { input: 'x -(-a)', canonical: 'x NOT -a' },
    { input: '-"Customer Support" x', canonical: '-"customer support" x' },
    { input: '"hello"', canonical: 'hello' },
    { input: '"a*"', canonical: '"a*"' },
    { input: 'pric*', canonical: 'pric*' },
    { input: 'a**', canonical: 'a**' },
    { input: 'a＊', canonical: 'a*' },
    { input: '--a x', canonical: '-"-a" x' },
    { input: '(b)-a* x', canonical: 'b －a* x' },
    { input: '-AND x', canonical: '-and x' },
    { input: 'cats and dogs', canonical: 'cats and dogs' },
    { input: 'e-mail', canonical: 'e-mail' },
    { input: '"customer - support"', canonical: '"customer support"' },
    { input: '“customer support”', canonical: '"customer support"' },
    { input: 'don´t', canonical: '"don t"' },
    { input: '⑴', canonical: '1' },
    { input: 'ab"cd"', canonical: 'ab cd' },
  ])(
    'prints $input canonically as $canonical, which parses back the same',
    ({ input, canonical }) => {
      const ast = parseOk(input);
      expect(printQuery(ast)).toBe(canonical);
      expect(shapeOf(parseOk(canonical))).toEqual(shapeOf(ast));
    },
  );

  test('records raw offsets on leaves and flattens groups', () => {
    expect(parseQuery('x -"a b" (c* OR d)')).toEqual({
      ok: true,
      ast: {
        type: 'and',
        children: [
          { type: 'term', value: 'x', prefix: false, start: 0, end: 1 },
          { type: 'not', child: { type: 'phrase', words: ['a', 'b'], start: 3, end: 8 } },
          {
            type: 'or',
            children: [
              { type: 'term', value: 'c', prefix: true, start: 10, end: 12 },
              { type: 'term', value: 'd', prefix: false, start: 16, end: 17 },
            ],
          },
        ],
      },
    });
  });

  test.each([
    { description: 'exactly 256 characters', input: `${'a'.repeat(255)} ` },
    { description: 'exactly 20 terms', input: Array(20).fill('w').join(' ') },
    {
      description: 'exactly 10 levels of parentheses',
      input: `${'('.repeat(10)}a${')'.repeat(10)}`,
    },
    { description: 'double negation alone', input: 'NOT NOT a' },
    { description: 'a negated group that still needs a term', input: 'NOT (a OR -b)' },
  ])('accepts a query with $description', ({ input }) => {
    expect(parseQuery(input).ok).toBe(true);
  });

  test('exposes the limits', () => {
    expect(QUERY_LIMITS).toEqual({ maxLength: 256, maxTerms: 20, maxDepth: 10, maxNear: 50 });
  });
});
