import { leafPattern } from './leaf-pattern';
import type { LeafNode, NearNode } from './types';
import { WORD_CHAR_SOURCE } from './word-char';

/** More occurrences than this of one operand are not looked at (bounds the pairing). */
const MAX_OCCURRENCES = 200;
/** What counts as a word between the two: a run of letters or digits (a CJK run is one). */
const WORD_RUN = /[\p{L}\p{N}]+/gu;

type Span = { start: number; end: number };

/** Every occurrence of a leaf, overlapping ones too; a prefix term covers its whole word. */
function occurrences(leaf: LeafNode, text: string): Span[] {
  const rest = leaf.type === 'term' && leaf.prefix ? `${WORD_CHAR_SOURCE}*` : '';
  const pattern = new RegExp(leafPattern(leaf) + rest, 'gu');
  const spans: Span[] = [];
  for (let m = pattern.exec(text); m && spans.length < MAX_OCCURRENCES; m = pattern.exec(text)) {
    spans.push({ start: m.index, end: m.index + m[0].length });
    pattern.lastIndex = m.index + 1;
  }
  return spans;
}

/** Starts of the word runs of `text`, ascending. */
function wordStarts(text: string): number[] {
  return Array.from(text.matchAll(WORD_RUN), (m) => m.index);
}

/** How many of the ascending `starts` are at or after `at`. */
function countFrom(starts: number[], at: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (starts[mid] < at) low = mid + 1;
    else high = mid;
  }
  return starts.length - low;
}

/**
 * Whether `left NEAR/n right` holds in normalized text: an occurrence of each, not
 * overlapping, in either order, with at most n words starting between them. The reference
 * evaluator and the matching index both call this (the index only once both operands
 * occurred), so they agree by construction.
 */
export function nearMatches(node: NearNode, normalizedText: string): boolean {
  const lefts = occurrences(node.left, normalizedText);
  if (lefts.length === 0) return false;
  const rights = occurrences(node.right, normalizedText);
  if (rights.length === 0) return false;
  const starts = wordStarts(normalizedText);
  for (const a of lefts) {
    for (const b of rights) {
      const [first, second] = a.start <= b.start ? [a, b] : [b, a];
      if (first.end > second.start) continue;
      const between = countFrom(starts, first.end) - countFrom(starts, second.start);
      if (between <= node.distance) return true;
    }
  }
  return false;
}
