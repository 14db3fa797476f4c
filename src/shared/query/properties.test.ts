import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { collectTerms } from './collect';
import { matchedTerms, matches } from './evaluate';
import { INTERNAL_ERROR_MESSAGE, parseQuery } from './parse';
import { printQuery } from './print';
import { astArb, countLeaves, docArb, parseOk, shapeOf, validAstArb } from './test-helpers';
import { QUERY_LIMITS } from './types';

/** Strings built from query syntax, so that a good share of them parse. */
const querySoupArb = fc
  .array(
    fc.constantFrom(
      'a',
      'B',
      'c++',
      'pric*',
      '*',
      '東京',
      '-',
      '--',
      '"',
      '“',
      '(',
      ')',
      ' ',
      ' ',
      'AND',
      'OR',
      'NOT',
      'and',
      '$',
      '⑴',
      '´',
      '＂',
      '－',
      '＊',
      '\u200b',
      '\t',
      'author:',
      'spez',
      'title:',
      'type:post',
      'nsfw:only',
      'NEAR/2',
      'NEAR/0',
      'autor:',
      ':',
    ),
    { maxLength: 20 },
  )
  .map((parts) => parts.join(''));

describe('query properties', () => {
  test('printQuery of a generated AST parses back to the same AST', () => {
    fc.assert(
      fc.property(validAstArb, (ast) => {
        const reparsed = parseQuery(printQuery(ast));
        expect(reparsed.ok && shapeOf(reparsed.ast)).toEqual(shapeOf(ast));
      }),
    );
  });

  test('printing a parsed query and parsing it again changes nothing', () => {
    fc.assert(
      fc.property(querySoupArb, (input) => {
        const parsed = parseQuery(input);
        if (!parsed.ok) return;
        const printed = printQuery(parsed.ast);
        fc.pre(printed.length <= QUERY_LIMITS.maxLength);
        const reparsed = parseOk(printed);
        expect(shapeOf(reparsed)).toEqual(shapeOf(parsed.ast));
        expect(printQuery(reparsed)).toBe(printed);
      }),
      { numRuns: 500 },
    );
  });

  test('parseQuery never throws and always points inside the input', () => {
    const anyUnits = fc.string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
      maxLength: 300,
    });
    const inputs = fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), anyUnits, querySoupArb);
    fc.assert(
      fc.property(inputs, (input) => {
        const result = parseQuery(input);
        if (result.ok) return;
        expect(result.error.message).not.toBe(INTERNAL_ERROR_MESSAGE);
        expect(result.error.position).toBeGreaterThanOrEqual(1);
        expect(result.error.position).toBeLessThanOrEqual(Math.max(input.length, 1));
      }),
      { numRuns: 500 },
    );
  });

  test('OR matches when either side matches', () => {
    // Parenthesized, since a top-level filter in either side would apply to both.
    fc.assert(
      fc.property(validAstArb, validAstArb, docArb, (a, b, text) => {
        const [qa, qb] = [printQuery(a), printQuery(b)];
        fc.pre(qa.length + qb.length + 8 <= QUERY_LIMITS.maxLength);
        fc.pre(countLeaves(a) + countLeaves(b) <= QUERY_LIMITS.maxTerms);
        expect(matches(`(${qa}) OR (${qb})`, text)).toBe(matches(a, text) || matches(b, text));
      }),
    );
  });

  test('x NOT y matches when x matches and y does not', () => {
    fc.assert(
      fc.property(validAstArb, astArb, docArb, (x, y, text) => {
        const [qx, qy] = [printQuery(x), printQuery(y)];
        fc.pre(qx.length + qy.length + 10 <= QUERY_LIMITS.maxLength);
        fc.pre(countLeaves(x) + countLeaves(y) <= QUERY_LIMITS.maxTerms);
        const expected = matches(x, text) && !matches(y, text);
        expect(matches(`(${qx}) NOT (${qy})`, text)).toBe(expected);
        expect(matches(`(${qx}) -(${qy})`, text)).toBe(expected);
      }),
    );
  });

  test('juxtaposition means the same as AND', () => {
    fc.assert(
      fc.property(validAstArb, validAstArb, docArb, (a, b, text) => {
        const [qa, qb] = [printQuery(a), printQuery(b)];
        fc.pre(qa.length + qb.length + 9 <= QUERY_LIMITS.maxLength);
        fc.pre(countLeaves(a) + countLeaves(b) <= QUERY_LIMITS.maxTerms);
        const both = matches(a, text) && matches(b, text);
        expect(matches(`(${qa}) (${qb})`, text)).toBe(both);
        expect(matches(`(${qa}) AND (${qb})`, text)).toBe(both);
      }),
    );
  });

  test('a matching query always has a matched positive leaf to report', () => {
    // This is what requiresPositive guarantees, and what lets the index skip any item in
    // which no positive leaf occurs.
    fc.assert(
      fc.property(validAstArb, docArb, (ast, text) => {
        if (matches(ast, text)) expect(matchedTerms(ast, text).length).toBeGreaterThan(0);
        const positive = collectTerms(ast)
          .filter((leaf) => !leaf.negated)
          .map((leaf) => leaf.text);
        for (const term of matchedTerms(ast, text)) expect(positive).toContain(term);
      }),
    );
  });
});
