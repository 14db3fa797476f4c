import { collectTerms } from './collect';
import { leafPattern } from './leaf-pattern';
import { normalizeText } from './normalize';
import type { QueryNode } from './types';
import { WORD_CHAR_SOURCE } from './word-char';

export type HighlightSegment = { text: string; match: boolean };

/**
 * Splits raw text into plain and matched pieces: the matched pieces are the occurrences of the
 * query's positive leaves (the ones `matchedTerms` reports), found with the matcher's own
 * patterns on normalized text and mapped back to the raw characters. Normalizing one code
 * point at a time keeps that map exact; it can differ from whole-text normalization only for
 * rare compositions, which then go unhighlighted, never wrongly highlighted elsewhere.
 */
export function highlightSegments(ast: QueryNode, text: string): HighlightSegment[] {
  let normalized = '';
  const rawStart: number[] = [];
  const rawEnd: number[] = [];
  let index = 0;
  // ASCII normalizes one character to one character: positions map to themselves.
  // eslint-disable-next-line no-control-regex
  const ascii = /^[\x00-\x7f]*$/.test(text);
  if (ascii) normalized = normalizeText(text);
  for (const char of ascii ? '' : text) {
    const piece = normalizeText(char);
    for (let k = 0; k < piece.length; k++) {
      rawStart.push(index);
      rawEnd.push(index + char.length);
    }
    normalized += piece;
    index += char.length;
  }

  const ranges: [number, number][] = [];
  for (const { leaf, negated } of collectTerms(ast)) {
    if (negated) continue;
    // A prefix term lights up the whole word it starts (`pric*` → "Pricing").
    const rest = leaf.type === 'term' && leaf.prefix ? `${WORD_CHAR_SOURCE}*` : '';
    const pattern = new RegExp(leafPattern(leaf) + rest, 'gu');
    for (const m of normalized.matchAll(pattern)) {
      if (m[0].length === 0) continue;
      ranges.push(
        ascii
          ? [m.index, m.index + m[0].length]
          : [rawStart[m.index], rawEnd[m.index + m[0].length - 1]],
      );
    }
  }
  if (ranges.length === 0) return text ? [{ text, match: false }] : [];

  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  const segments: HighlightSegment[] = [];
  let at = 0;
  for (const [start, end] of merged) {
    if (start > at) segments.push({ text: text.slice(at, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), match: false });
  return segments;
}

/**
 * A window of `length` characters of highlighted text around its first match (from the start
 * when the match is early), with ellipses where cut: the excerpt of digests and channel messages.
 */
export function excerptWindow(segments: HighlightSegment[], length: number): HighlightSegment[] {
  let firstMatch = 0;
  let offset = 0;
  for (const s of segments) {
    if (s.match) {
      firstMatch = offset;
      break;
    }
    offset += s.text.length;
  }
  const total = segments.reduce((n, s) => n + s.text.length, 0);
  const start = firstMatch > length - 80 ? firstMatch - 60 : 0;
  const end = start + length;
  const out: HighlightSegment[] = [];
  if (start > 0) out.push({ text: '…', match: false });
  offset = 0;
  for (const s of segments) {
    const from = Math.max(start, offset);
    const to = Math.min(end, offset + s.text.length);
    if (to > from) out.push({ text: s.text.slice(from - offset, to - offset), match: s.match });
    offset += s.text.length;
  }
  if (total > end) out.push({ text: '…', match: false });
  return out;
}
