import { Parser } from 'htmlparser2';

/** Paragraph-like elements are set apart by a blank line, other blocks by a line break. */
const PARAGRAPHS = new Set(['p', 'blockquote', 'pre', 'table', 'ul', 'ol', 'hr']);
const BLOCKS = new Set([
  'p',
  'div',
  'br',
  'li',
  'blockquote',
  'pre',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'table',
]);

/**
 * The text of a feed entry's HTML content: only what is inside Reddit's `<div class="md">`
 * (the post's or comment's own text; a link post has none), entities decoded, paragraphs
 * as blank-line breaks, the "submitted by … [link] [comments]" footer left out.
 */
export function feedHtmlToText(html: string): string {
  // Text, and line breaks wanted between texts (numbers: adjacent ones take the larger).
  const parts: (string | number)[] = [];
  const brk = (name: string) => parts.push(PARAGRAPHS.has(name) ? 2 : 1);
  // Depth inside the first div.md; 0 = outside.
  let depth = 0;
  let done = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (done) return;
        if (depth === 0) {
          if (name === 'div' && (attributes.class ?? '').split(/\s+/).includes('md')) depth = 1;
          return;
        }
        if (name === 'div') depth++;
        if (BLOCKS.has(name) || PARAGRAPHS.has(name)) brk(name);
      },
      ontext(text) {
        if (depth > 0 && !done) parts.push(text);
      },
      onclosetag(name) {
        if (depth === 0 || done) return;
        if (BLOCKS.has(name) || PARAGRAPHS.has(name)) brk(name);
        if (name === 'div' && --depth === 0) done = true;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  let out = '';
  let pending = 0;
  for (const part of parts) {
    if (typeof part === 'number') pending = Math.max(pending, part);
    else if (part.trim() !== '' || pending === 0) {
      out += (out && pending ? '\n'.repeat(pending) : '') + (pending ? part.trimStart() : part);
      pending = 0;
    }
  }
  return out.replace(/[ \t]+\n/g, '\n').trim();
}
