import { isWordChar } from '@shared/query';

/** Bit flags of one code point, as the reference evaluator's regexes see it. */
export const WORD = 1;
/** `[\s\p{P}\p{S}]`: what may stand between the words of a phrase. */
export const SEPARATOR = 2;
/** A high surrogate: the class depends on the code point it starts. */
export const HIGH_SURROGATE = 4;

const SEPARATOR_CHAR = /^[\s\p{P}\p{S}]$/u;

function classOf(char: string): number {
  return (isWordChar(char) ? WORD : 0) | (SEPARATOR_CHAR.test(char) ? SEPARATOR : 0);
}

/**
 * Character classes of normalized text, looked up per code unit. The scan asks "is this a
 * word character?" at every position, and the reference answers with a Unicode property
 * regex; a 64 KB table built from that same definition (`isWordChar`) turns the answer into
 * one array read for the whole BMP. Astral code points (emoji, rare scripts) fall back to
 * the regex: they are rare, and a 1.1 M-entry table would not pay for itself.
 */
export class CharClasses {
  /** Flags per code unit; read directly by the scan loop. */
  readonly table = new Uint8Array(0x10000);

  constructor() {
    for (let code = 0; code < 0x10000; code++) {
      if (code >= 0xd800 && code <= 0xdbff) this.table[code] = HIGH_SURROGATE;
      // A lone low surrogate cannot survive normalization (it becomes U+FFFD).
      else if (code < 0xdc00 || code > 0xdfff)
        this.table[code] = classOf(String.fromCharCode(code));
    }
  }

  /** Class of the code point that starts at `index` (0 past the end). */
  at(text: string, index: number): number {
    if (index >= text.length) return 0;
    const flags = this.table[text.charCodeAt(index)];
    if (flags !== HIGH_SURROGATE) return flags;
    const point = text.codePointAt(index) as number;
    return point > 0xffff ? classOf(String.fromCodePoint(point)) : 0;
  }

  /** Class of the code point that ends right before `index` (0 at the start). */
  before(text: string, index: number): number {
    if (index <= 0) return 0;
    const code = text.charCodeAt(index - 1);
    if (code >= 0xdc00 && code <= 0xdfff && index >= 2) {
      const high = text.charCodeAt(index - 2);
      if (high >= 0xd800 && high <= 0xdbff) return this.at(text, index - 2);
    }
    return this.table[code];
  }

  /** Class of one code unit that is known not to be a high surrogate. */
  unit(code: number): number {
    return this.table[code];
  }

  /** Whether a code unit starts a surrogate pair (the caller then uses `at`). */
  isHighSurrogate(code: number): boolean {
    return this.table[code] === HIGH_SURROGATE;
  }

  /** End of the run of separators that starts at `index`. */
  separatorRunEnd(text: string, index: number): number {
    let end = index;
    while (end < text.length) {
      const flags = this.table[text.charCodeAt(end)];
      if (flags === HIGH_SURROGATE) {
        if ((this.at(text, end) & SEPARATOR) === 0) break;
        end += 2;
      } else if ((flags & SEPARATOR) !== 0) {
        end++;
      } else {
        break;
      }
    }
    return end;
  }

  /** Start of the run of separators that ends at `index`. */
  separatorRunStart(text: string, index: number): number {
    let start = index;
    while (start > 0 && this.before(text, start) & SEPARATOR) {
      const low = text.charCodeAt(start - 1);
      start -= low >= 0xdc00 && low <= 0xdfff && start >= 2 ? 2 : 1;
    }
    return start;
  }

  /** Whether every code point of `word` is a word character. */
  isAllWord(word: string): boolean {
    for (
      let index = 0;
      index < word.length;
      index += (word.codePointAt(index) as number) > 0xffff ? 2 : 1
    ) {
      if ((this.at(word, index) & WORD) === 0) return false;
    }
    return word.length > 0;
  }

  /** Code units of `word` before its first non-separator (what a phrase gap may absorb). */
  leadingSeparators(word: string): number {
    let index = 0;
    while (index < word.length && this.at(word, index) & SEPARATOR) {
      index += (word.codePointAt(index) as number) > 0xffff ? 2 : 1;
    }
    return index;
  }

  /** Code units of `word` after its last non-separator. */
  trailingSeparators(word: string): number {
    let end = word.length;
    while (end > 0 && this.before(word, end) & SEPARATOR) {
      const low = word.charCodeAt(end - 1);
      end -= low >= 0xdc00 && low <= 0xdfff && end >= 2 ? 2 : 1;
    }
    return word.length - end;
  }
}
