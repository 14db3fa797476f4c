import { printLeaf } from './print';
import type { LeafNode } from './types';
import { WORD_CHAR_SOURCE } from './word-char';

// A leaf (term or phrase) as a regular expression over normalized text: the reference
// evaluator, NEAR and highlighting all find a leaf the same way.

const NOT_AFTER_WORD_CHAR = `(?<!${WORD_CHAR_SOURCE})`;
const NOT_BEFORE_WORD_CHAR = `(?!${WORD_CHAR_SOURCE})`;
/** What may stand between phrase words: spaces, punctuation and symbols (emoji too). */
const SEPARATORS = '[\\s\\p{P}\\p{S}]*';

function escapeRegExp(text: string): string {
  // Only syntax characters: with the `u` flag, escaping anything else is a syntax error.
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/** Regex source matching `leaf` in normalized text. */
export function leafPattern(leaf: LeafNode): string {
  if (leaf.type === 'term') {
    // A prefix term only needs the left boundary: `pric*` matches "pricing".
    const right = leaf.prefix ? '' : NOT_BEFORE_WORD_CHAR;
    return `${NOT_AFTER_WORD_CHAR}${escapeRegExp(leaf.value)}${right}`;
  }
  // Every word keeps both boundaries, so Latin words need at least one separator between
  // them, while CJK words (never word characters) may touch.
  return leaf.words
    .map((word) => `${NOT_AFTER_WORD_CHAR}${escapeRegExp(word)}${NOT_BEFORE_WORD_CHAR}`)
    .join(SEPARATORS);
}

// Bounded so a long-running process that evaluates many queries cannot grow it forever.
const cache = new Map<string, RegExp>();
const CACHE_LIMIT = 1000;

function leafRegExp(leaf: LeafNode): RegExp {
  const key = printLeaf(leaf);
  let regExp = cache.get(key);
  if (!regExp) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    regExp = new RegExp(leafPattern(leaf), 'u');
    cache.set(key, regExp);
  }
  return regExp;
}

/** Whether the leaf occurs in already normalized text. */
export function leafMatches(leaf: LeafNode, normalizedText: string): boolean {
  return leafRegExp(leaf).test(normalizedText);
}
