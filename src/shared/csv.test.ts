import { describe, expect, test } from 'vitest';
import { csvCell, csvRow, toCsv } from './csv';

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
    ['a leading carriage return is defused, then quoted', '\r=1', `"'\r=1"`],
    ['a sign inside the text is left alone', 'a=b, c', '"a=b, c"'],
    ['an empty string stays empty', '', ''],
    ['unicode passes through', 'café ✓ שלום', 'café ✓ שלום'],
  ])('%s', (_name, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  test.each([
    [-5, '-5'],
    [1234, '1234'],
    [0.25, '0.25'],
    [true, 'true'],
  ])('our own numbers and booleans are written as they are (%j)', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  test('a row joins cells with commas and ends with CRLF', () => {
    expect(csvRow(['a', 1, 'b,c'])).toBe('a,1,"b,c"\r\n');
  });
});

describe('a CSV table', () => {
  test('the heading row, then each row, every line ended with CRLF', () => {
    expect(
      toCsv(
        ['Day', 'node.js, deno', 'Total'],
        [
          ['2026-11-20', 3, 3],
          ['2026-11-21', 0, 0],
        ],
      ),
    ).toBe('Day,"node.js, deno",Total\r\n2026-11-20,3,3\r\n2026-11-21,0,0\r\n');
  });

  test('no rows leave the heading row alone', () => {
    expect(toCsv(['Author', 'Mentions'], [])).toBe('Author,Mentions\r\n');
  });
});
