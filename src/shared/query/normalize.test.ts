import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { normalizeText, normalizeTextFull } from './normalize';
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

describe('normalizeText against the full pipeline', () => {
  // normalizeText cuts mostly-ASCII text into pieces; it must equal the full pipeline on
  // the whole text for every input. NORMALIZE_RUNS=20000 (or more) for a deeper local run.
  const numRuns = Number(process.env.NORMALIZE_RUNS ?? 2000);
  const same = (text: string) => {
    expect(normalizeText(text)).toBe(normalizeTextFull(text));
  };

  test('on arbitrary Unicode text, including lone surrogates', () => {
    const anyCodeUnits = fc.string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    });
    fc.assert(fc.property(fc.oneof(fc.string({ unit: 'binary' }), anyCodeUnits), same), {
      numRuns,
    });
  });

  const range = (min: number, max: number) =>
    fc.integer({ min, max }).map((code) => String.fromCodePoint(code));
  const oneOf = (chars: string) => fc.constantFrom(...Array.from(chars));
  const units = (min: number, max: number) =>
    fc.integer({ min, max }).map((code) => String.fromCharCode(code));
  const tricky = fc.oneof(
    range(0x300, 0x36f), // combining marks
    range(0x1100, 0x11ff), // Hangul jamo
    range(0xac00, 0xd7a3), // Hangul syllables
    oneOf('\u200b\u200c\u200d\u2060\ufeff\u00ad'), // invisible
    oneOf('‘’‚‛“”„‟′″‴⁗"\''), // quotes and primes
    oneOf('ßẞςσΣİıKÅΩǅ'), // folds and special casings
    range(0xff01, 0xff5e), // full-width forms
    range(0xfb00, 0xfb06), // ligatures
    units(0xd800, 0xdfff), // (lone) surrogates
    oneOf('\u00a0\u3000\u2028\u0085\u2009\u202f'), // non-ASCII whitespace
    fc.constantFrom('👍', '👍🏽', '❤️', '\ufe0f', '\ufe0e', '👨‍👩‍👧', '🏳️‍🌈', '\u20e3', '#️⃣'),
    oneOf('—–…•€£°²½éÉèñçøæœŒĳ①ⓐ㍻℡™ｶﾞ'),
    range(0x80, 0x10ffff), // anything
  );
  const ascii = fc.oneof(
    fc.string({ unit: 'binary-ascii', maxLength: 12 }),
    fc.constantFrom('e', 'A', 'n', 'O', 'u', 's', 'S', ' ', '\t', '\n', '<', '=', '>'),
  );
  const mixture = fc
    .array(fc.oneof({ arbitrary: ascii, weight: 3 }, { arbitrary: tricky, weight: 2 }), {
      maxLength: 30,
    })
    .map((parts) => parts.join(''));

  test('on ASCII words mixed with tricky non-ASCII characters', () => {
    fc.assert(fc.property(mixture, same), { numRuns });
  });

  test('on every BMP code unit next to ASCII letters and combining marks', () => {
    const mismatches: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      for (const text of [`a${char}`, `${char}a`, `${char}\u0301`, `e${char}\u0301`]) {
        if (normalizeText(text) !== normalizeTextFull(text)) mismatches.push(text);
      }
    }
    expect(mismatches).toEqual([]);
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
