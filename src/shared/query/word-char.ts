/**
 * The one definition of a "word character", shared by the reference evaluator and the
 * matching index: a letter or digit, except Han, Hiragana and Katakana. CJK text is written
 * without spaces, so a CJK character must never block a term boundary (`東京` has to match
 * inside `東京都`). Script_Extensions (scx) rather than Script is used so that shared kana
 * marks such as the prolonged sound mark `ー` (script Common) count as CJK too.
 */

/**
 * Regex source for one word character; needs the `u` flag. It uses a lookahead instead of
 * class subtraction so that it works without the `v` flag (older browsers) and inside
 * lookbehinds, e.g. `(?<!${WORD_CHAR_SOURCE})`.
 */
export const WORD_CHAR_SOURCE =
  '(?:(?![\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}])[\\p{L}\\p{N}])';

const WORD_CHAR = new RegExp(`^${WORD_CHAR_SOURCE}$`, 'u');

/** True when `char` (one code point) is a letter or digit that is not Han, Hiragana or Katakana. */
export function isWordChar(char: string): boolean {
  // The index calls this per character, and most text is ASCII: skip the regex there.
  if (char.length === 1) {
    const code = char.charCodeAt(0);
    if (code < 0x80) {
      return (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a);
    }
  }
  return WORD_CHAR.test(char);
}

/** A letter or digit of any script, CJK included: what every term and phrase word needs. */
export const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
