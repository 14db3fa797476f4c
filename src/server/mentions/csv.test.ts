import { describe, expect, test } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('CSV cells', () => {
  test.each([
    ['plain text stays as it is', 'hello world', 'hello world'],
    ['a comma is quoted', 'a, b', '"a, b"'],
    ['quotes are doubled inside quotes', 'say "hi"', '"say ""hi"""'],
    ['a line break is quoted', 'one\r\ntwo\nthree', '"one\r\ntwo\nthree"'],
    ['a formula is defused', '=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['a plus sign is defused', '+1 great', "'+1 great"],
    ['a minus sign is defused', '-2+3', "'-2+3"],
    ['an at sign is defused', '@SUM(A1)', "'@SUM(A1)"],
    ['a leading tab is defused', '\t=1', "'\t=1"],
    ['an empty string stays empty', '', ''],
    ['unicode passes through', 'café ✓ שלום', 'café ✓ שלום'],
  ])('%s', (_name, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  test.each([
    [-5, '-5'],
    [1234, '1234'],
    [true, 'true'],
  ])('our own numbers and booleans are written as they are (%j)', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  test('a row joins cells with commas and ends with CRLF', () => {
    expect(csvRow(['a', 1, 'b,c'])).toBe('a,1,"b,c"\r\n');
  });
});
