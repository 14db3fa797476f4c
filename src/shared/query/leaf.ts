import { QueryParseError, quoteForMessage } from './errors';
import { normalizeText } from './normalize';
import type { LeafNode } from './types';
import { HAS_LETTER_OR_DIGIT } from './word-char';

/**
 * Splits normalized text into words. Besides spaces, `"`, `(` and `)` split too: they only
 * show up here when normalization produced them (`＂`, `⑴`), and treating them as
 * separators keeps every leaf printable (a printed term never contains a quote or a paren).
 */
const SPLIT = /[ "()]+/;

function wordsOf(normalized: string): string[] {
  return normalized.split(SPLIT).filter((word) => HAS_LETTER_OR_DIGIT.test(word));
}

/** Builds a leaf from words that all have a letter or digit (a phrase keeps `*` literal). */
function fromWords(words: string[], start: number, end: number): LeafNode {
  return words.length === 1
    ? { type: 'term', value: words[0], prefix: false, start, end }
    : { type: 'phrase', words, start, end };
}

/** Leaf for an unquoted term `raw` at raw offsets [start, end). */
export function termLeaf(raw: string, start: number, end: number): LeafNode {
  const parts = normalizeText(raw).split(SPLIT).filter(Boolean);
  if (parts.length === 1) {
    const [part] = parts;
    // Decided on the normalized text so that `a＊` and `a*` mean the same.
    const prefix = part.endsWith('*');
    const value = prefix ? part.slice(0, -1) : part;
    if (HAS_LETTER_OR_DIGIT.test(value)) return { type: 'term', value, prefix, start, end };
  } else {
    // Normalization produced a space (`don´t` → `don t`): match it as a phrase.
    const words = parts.filter((part) => HAS_LETTER_OR_DIGIT.test(part));
    if (words.length > 0) return fromWords(words, start, end);
  }
  throw new QueryParseError(
    `The term "${quoteForMessage(raw)}" at position ${start + 1} needs a letter or digit`,
    start,
  );
}

/** Leaf for a quoted phrase whose raw inside is `raw`; [start, end) includes the quotes. */
export function phraseLeaf(raw: string, start: number, end: number): LeafNode {
  const words = wordsOf(normalizeText(raw));
  if (words.length > 0) return fromWords(words, start, end);
  throw new QueryParseError(
    `The phrase at position ${start + 1} has no words: it needs a letter or digit`,
    start,
  );
}
