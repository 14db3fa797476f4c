import { describe, expect, test } from 'vitest';
import { parseQuery } from './parse';

const NOTHING = (position: number) =>
  `Nothing to look for: the exclusion at position ${position} must be combined with a term that has to appear`;
const UNCLOSED_QUOTE = (position: number) =>
  `Unclosed quote: the phrase starting at position ${position} has no closing "`;

describe('parseQuery errors', () => {
  test.each([
    { input: '', message: 'The query is empty', position: 1 },
    { input: ' \t\u3000 ', message: 'The query is empty', position: 1 },
    {
      input: 'x'.repeat(257),
      message: 'The query is too long: 257 characters, the limit is 256',
      position: 257,
    },
    {
      input: 'x '.repeat(50_000),
      message: 'The query is too long: 100000 characters, the limit is 256',
      position: 257,
    },
    { input: '"abc', message: UNCLOSED_QUOTE(1), position: 1 },
    { input: 'foo "bar baz', message: UNCLOSED_QUOTE(5), position: 5 },
    { input: 'a “b', message: UNCLOSED_QUOTE(3), position: 3 },
    { input: ') "abc', message: 'Unexpected ")" at position 1', position: 1 },
    { input: 'a ) b', message: 'Unexpected ")" at position 3', position: 3 },
    { input: '(a))', message: 'Unexpected ")" at position 4', position: 4 },
    { input: '(a', message: 'Unclosed "(" at position 1: add a ")"', position: 1 },
    { input: 'x (a OR (b c)', message: 'Unclosed "(" at position 3: add a ")"', position: 3 },
    { input: 'x (', message: 'Unclosed "(" at position 3: add a ")"', position: 3 },
    { input: '()', message: 'Empty parentheses at position 1', position: 1 },
    { input: 'a ( )', message: 'Empty parentheses at position 3', position: 3 },
    { input: 'AND a', message: '"AND" at position 1 needs a term before it', position: 1 },
    { input: 'a AND', message: '"AND" at position 3 needs a term after it', position: 3 },
    { input: 'a AND OR b', message: '"AND" at position 3 needs a term after it', position: 3 },
    { input: 'a b AND ) c', message: '"AND" at position 5 needs a term after it', position: 5 },
    { input: 'OR a', message: '"OR" at position 1 needs a term before it', position: 1 },
    { input: 'a OR', message: '"OR" at position 3 needs a term after it', position: 3 },
    { input: '(OR a)', message: '"OR" at position 2 needs a term before it', position: 2 },
    { input: 'a NOT', message: '"NOT" at position 3 needs a term after it', position: 3 },
    { input: 'a (b NOT)', message: '"NOT" at position 6 needs a term after it', position: 6 },
    { input: 'a NOT AND b', message: '"NOT" at position 3 needs a term after it', position: 3 },
    { input: '-', message: '"-" at position 1 needs a term after it', position: 1 },
    { input: 'a - b', message: '"-" at position 3 needs a term after it', position: 3 },
    { input: 'a (b -)', message: '"-" at position 6 needs a term after it', position: 6 },
    { input: '+++', message: 'The term "+++" at position 1 needs a letter or digit', position: 1 },
    { input: 'c# 🚀', message: 'The term "🚀" at position 4 needs a letter or digit', position: 4 },
    { input: 'a *', message: 'The term "*" at position 3 needs a letter or digit', position: 3 },
    { input: 'a $*', message: 'The term "$*" at position 3 needs a letter or digit', position: 3 },
    {
      input: 'a \u200b',
      message: 'The term "\u200b" at position 3 needs a letter or digit',
      position: 3,
    },
    {
      input: 'a "-- !!"',
      message: 'The phrase at position 3 has no words: it needs a letter or digit',
      position: 3,
    },
    {
      input: 'a ""',
      message: 'The phrase at position 3 has no words: it needs a letter or digit',
      position: 3,
    },
    { input: '-jobs', message: NOTHING(1), position: 1 },
    { input: '-a -b', message: NOTHING(1), position: 1 },
    { input: 'a OR -b', message: NOTHING(6), position: 6 },
    { input: 'NOT (a AND b)', message: NOTHING(1), position: 1 },
    { input: 'x OR NOT (y -z)', message: NOTHING(6), position: 6 },
    { input: '-"a b" OR c', message: NOTHING(1), position: 1 },
    {
      input: Array(21).fill('a').join(' '),
      message: 'Too many terms: the limit is 20, and term 21 starts at position 41',
      position: 41,
    },
    {
      input: `${'"a b" -x '.repeat(10)}c`,
      message: 'Too many terms: the limit is 20, and term 21 starts at position 91',
      position: 91,
    },
    {
      input: `${'('.repeat(11)}a${')'.repeat(11)}`,
      message: 'Parentheses nested too deep at position 11: the limit is 10 levels',
      position: 11,
    },
    {
      input: `x ${'-('.repeat(11)}a${')'.repeat(11)}`,
      message: 'Parentheses nested too deep at position 24: the limit is 10 levels',
      position: 24,
    },
  ])('rejects $input: $message', ({ input, message, position }) => {
    expect(parseQuery(input)).toEqual({ ok: false, error: { message, position } });
  });

  test('rejects a value that is not a string instead of throwing', () => {
    expect(parseQuery(42 as unknown as string)).toEqual({
      ok: false,
      error: { message: 'The query must be text', position: 1 },
    });
  });

  test('shortens a long term inside a message', () => {
    const result = parseQuery(`x ${'+'.repeat(40)}`);
    expect(!result.ok && result.error.message).toBe(
      `The term "${'+'.repeat(29)}…" at position 3 needs a letter or digit`,
    );
  });
});
