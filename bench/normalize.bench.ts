/**
 * Normalization benchmark (`npx tsx bench/normalize.bench.ts`): `normalizeText` against the
 * full pipeline it replaced for non-ASCII text (ASCII text took the same fast path before),
 * per item of the recorded Reddit fixtures, best of several passes.
 */
import { performance } from 'node:perf_hooks';
import type { MatchItem } from '../src/server/matching';
import { normalizeText, normalizeTextFull } from '../src/shared/query/normalize';
import { generateItems, loadFixtureItems } from './corpus';
import { Random } from './random';

const NON_ASCII = /[\u0080-\uffff]/;

/** normalizeText as it was: the ASCII fast path, else the full pipeline on the whole text. */
function previous(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase().replace(/[\t\n\v\f\r]/g, ' ');
  return normalizeTextFull(text);
}

const items: MatchItem[] = loadFixtureItems() ?? generateItems(new Random(1), 2000);
// What the index normalizes per item: the body, and a post's title with it.
const texts = items.map((item) => (item.title ? `${item.title}\n${item.body}` : item.body));
const nonAscii = texts.filter((text) => NON_ASCII.test(text));

for (const text of texts) {
  if (normalizeText(text) !== previous(text))
    throw new Error(`mismatch on ${JSON.stringify(text)}`);
}

/** Best nanoseconds per text over `passes` passes of the whole list. */
function time(list: string[], normalize: (text: string) => string, passes = 30): number {
  let best = Infinity;
  let sink = 0;
  for (let pass = 0; pass < passes; pass++) {
    const start = performance.now();
    for (const text of list) sink += normalize(text).length;
    best = Math.min(best, performance.now() - start);
  }
  if (sink < 0) console.log(sink);
  return (best * 1e6) / list.length;
}

const chars = (list: string[]) => list.reduce((sum, text) => sum + text.length, 0);
console.log(
  `${texts.length} items (${nonAscii.length} with non-ASCII text), ` +
    `${chars(texts)} chars (${chars(nonAscii)} in non-ASCII items)`,
);
console.log('| texts | previous ns/item | normalizeText ns/item | speed-up |');
console.log('|-------|------------------|-----------------------|----------|');
for (const [name, list] of [
  ['all', texts],
  ['non-ASCII', nonAscii],
] as const) {
  // Alternate so that neither side always runs on a warmer or a cooler machine.
  let before = Infinity;
  let after = Infinity;
  for (let round = 0; round < 3; round++) {
    before = Math.min(before, time(list, previous));
    after = Math.min(after, time(list, normalizeText));
  }
  const row = [name, before.toFixed(0), after.toFixed(0), `${(before / after).toFixed(2)}×`];
  console.log(`| ${row.join(' | ')} |`);
}
