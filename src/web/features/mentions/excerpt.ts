import { highlightSegments, type HighlightSegment } from '@shared/query/highlight';
import { parseQuery, type QueryNode } from '@shared/query';
import { cleanRedditText } from '@shared/reddit-content';

export const EXCERPT_LENGTH = 200;
const ELLIPSIS = '…';

// [label](https://…) reads as its label.
const MARKDOWN_LINK = /\[([^\]\n]{1,300})\]\((?:[^()\s]|\([^()\s]*\)){1,2000}\)/g;

/** Reddit markdown as one line of plain text: links as their labels, whitespace collapsed. */
export function plainText(text: string): string {
  // Bidi overrides and invisibles go first (the one sanitiser of Reddit text, shared).
  return cleanRedditText(text).replace(MARKDOWN_LINK, '$1').replace(/\s+/g, ' ').trim();
}

/** The alert's keyword as a query; null (nothing highlighted) when it does not parse. */
export function keywordQuery(keyword: string): QueryNode | null {
  const parsed = parseQuery(keyword);
  return parsed.ok ? parsed.ast : null;
}

export function highlight(ast: QueryNode | null, text: string): HighlightSegment[] {
  if (!ast) return text ? [{ text, match: false }] : [];
  return highlightSegments(ast, text);
}

/** Moves `index` off the second half of a surrogate pair, so no character is cut in two. */
const codePointStart = (text: string, index: number) =>
  index > 0 && index < text.length && /[\udc00-\udfff]/.test(text[index]) ? index - 1 : index;

/**
 * At most `length` characters of the text with its matches highlighted, and an ellipsis on each
 * side that was cut. The window starts at the beginning, unless the first match would not fit:
 * then it is centred on that match. Cards cut at 200 characters (EXCERPT_LENGTH); see
 * docs/product.md §3 (Screens).
 */
export function excerptSegments(
  ast: QueryNode | null,
  raw: string,
  length = EXCERPT_LENGTH,
): HighlightSegment[] {
  const text = plainText(raw);
  const segments = highlight(ast, text);
  if (text.length <= length) return segments;

  let offset = 0;
  let first: { start: number; end: number } | undefined;
  for (const segment of segments) {
    if (segment.match) {
      first = { start: offset, end: offset + segment.text.length };
      break;
    }
    offset += segment.text.length;
  }
  let start = 0;
  if (first && first.end > length) {
    const centre = Math.floor((first.start + Math.min(first.end, first.start + length)) / 2);
    start = Math.max(0, Math.min(centre - Math.floor(length / 2), text.length - length));
  }
  start = codePointStart(text, start);
  const end = codePointStart(text, Math.min(text.length, start + length));

  const cut: HighlightSegment[] = [];
  if (start > 0) cut.push({ text: ELLIPSIS, match: false });
  offset = 0;
  for (const segment of segments) {
    const from = Math.max(start, offset);
    const to = Math.min(end, offset + segment.text.length);
    if (from < to)
      cut.push({ text: segment.text.slice(from - offset, to - offset), match: segment.match });
    offset += segment.text.length;
  }
  if (end < text.length) cut.push({ text: ELLIPSIS, match: false });
  return cut;
}
