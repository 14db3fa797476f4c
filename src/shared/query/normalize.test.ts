import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { normalizeText } from './normalize';
import { isWordChar, WORD_CHAR_SOURCE } from './word-char';

describe('normalizeText', () => {
  test.each([
    { input: 'Hello World', expected: 'hello world' },
    { input: 'tabs\tand\nnewlines\r\n', expected: 'tabs and newlines  ' },
    { input: 'CAFÉ', expected: 'cafe' },
    { input: 'Crème Brûlée', expected: 'creme brulee' },
    { input: 'Straße ẞ', expected: 'strasse ss' },
    { input: 'ΟΔΟΣ οδός', expected: 'οδοσ οδοσ' },
    { input: 'İstanbul', expected: 'istanbul' },
    { input: 'ﬁle ｆｕｌｌ①', expected: 'file full1' },
    { input: 'ｶﾞｲﾄﾞ', expected: 'カイト' },
    {
      input: 'zero\u200bwidth\u200c\u200d\u2060\ufeff soft\u00adhyphen',
      expected: 'zerowidth softhyphen',
    },
    { input: 'don’t ‘quote’ ‚low‛ 5′', expected: "don't 'quote' 'low' 5'" },
    { input: '“double” „low‟ 12″', expected: '"double" "low" 12"' },
    { input: 'nbsp\u00a0ideographic\u3000line\u2028end', expected: 'nbsp ideographic line end' },
    { input: 'lone \ud800 surrogate \udc00', expected: 'lone \ufffd surrogate \ufffd' },
    { input: 'emoji ❤️ 👍🏽', expected: 'emoji ❤ 👍🏽' },
    { input: '東京都', expected: '東京都' },
    { input: 'ᄀ\u200bᅡ', expected: '가' },
  ])('normalizes $input to $expected', ({ input, expected }) => {
    expect(normalizeText(input)).toBe(expected);
  });

  test('turns every Unicode whitespace character into a plain space', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      if (/\p{White_Space}/u.test(char)) expect(normalizeText(`a${char}b`)).toBe('a b');
    }
  });

  const anyUnits = fc.string({
    unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  });

  test('is idempotent on arbitrary text, including lone surrogates', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), anyUnits), (text) => {
        const once = normalizeText(text);
        expect(normalizeText(once)).toBe(once);
      }),
      { numRuns: 300 },
    );
  });

  test('gives the same result on the ASCII fast path as on the full path', () => {
    // Appending "é" forces the full path; it normalizes to a plain "e".
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii' }), (text) => {
        expect(normalizeText(`${text}é`)).toBe(`${normalizeText(text)}e`);
      }),
      { numRuns: 300 },
    );
  });
});

describe('isWordChar', () => {
  test.each([
    { char: 'a', expected: true },
    { char: 'Z', expected: true },
    { char: '7', expected: true },
    { char: 'é', expected: true },
    { char: 'ж', expected: true },
    { char: '한', expected: true },
    { char: '٣', expected: true },
    { char: '𝐀', expected: true },
    { char: '_', expected: false },
    { char: "'", expected: false },
    { char: '+', expected: false },
    { char: ' ', expected: false },
    { char: '🙂', expected: false },
    { char: '東', expected: false },
    { char: 'ひ', expected: false },
    { char: 'カ', expected: false },
    { char: 'ー', expected: false },
    { char: '々', expected: false },
  ])('says $char is a word character: $expected', ({ char, expected }) => {
    expect(isWordChar(char)).toBe(expected);
    expect(new RegExp(`^${WORD_CHAR_SOURCE}$`, 'u').test(char)).toBe(expected);
  });
});
