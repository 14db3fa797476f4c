/**
 * Volume preview benchmark (`npm run bench:preview`): an hour of items at Reddit's peak
 * (500,000 by default, `--items N`) in the preview's window, then the keyword dialog's search
 * for 300 generated keywords (20% with operators): latency with the production time budget and
 * without one, against a baseline measured in the same run (the one-alert matcher over every
 * item, as a naive preview would run it). Prints the window's memory.
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { compileAlertIndex, type AlertInput, type MatchItem } from '../src/server/matching';
import { RecentItemWindow } from '../src/server/preview';
import { generateAlerts, vocabularyOf } from './alert-generator';
import { generateItems, loadFixtureItems } from './corpus';
import { exactMemory, memory } from './memory';
import { Random } from './random';

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const ITEMS = argument('--items', 500_000);
const QUERIES = 300;
const HOUR = 3_600_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const ms = (value: number) => `${value.toFixed(1)} ms`;

function main() {
  // Recorded listings where present (their text, repeated with new ids), else generated text.
  const recorded = loadFixtureItems();
  const source = recorded ?? generateItems(new Random(11), 20_000);
  const vocabulary = vocabularyOf(source);
  console.log(
    `node ${process.version}, ${availableParallelism()} cores; ${ITEMS.toLocaleString('en-US')} items from ${recorded ? 'the recorded listings' : 'the generator'}${exactMemory ? '' : ' (no --expose-gc: memory is approximate)'}`,
  );

  let now = 0;
  const window = new RecentItemWindow({ spanMs: HOUR, now: () => now });
  const before = memory();
  const fillStart = performance.now();
  const kept: MatchItem[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const base = source[i % source.length];
    const item = {
      ...base,
      id: `${base.id}_${i}`,
      permalink: `/r/${base.subreddit}/comments/x${i}/`,
    };
    window.add(item);
    if (i % 100 === 0) kept.push(item);
    now += HOUR / ITEMS;
  }
  const fillMs = performance.now() - fillStart;
  const windowBytes = memory() - before - kept.length * 0; // the sample is small
  const stats = window.stats();
  console.log(
    `window: ${stats.items.toLocaleString('en-US')} items, ${(stats.bytes / 2 ** 20).toFixed(0)} MB in its buffers, ${(windowBytes / 2 ** 20).toFixed(0)} MB of process memory, filled in ${ms(fillMs)} (${((fillMs * 1000) / ITEMS).toFixed(2)} µs an item)\n`,
  );

  const alerts = generateAlerts(new Random(5), vocabulary, QUERIES, { operatorShare: 0.2 });
  const timed = (budgetMs: number) => {
    const times: number[] = [];
    let complete = 0;
    let matches = 0;
    for (const alert of alerts) {
      const start = performance.now();
      const found = window.search(alert, { budgetMs });
      times.push(performance.now() - start);
      if (found?.complete) complete++;
      matches += found?.matches ?? 0;
    }
    return { times: times.sort((a, b) => a - b), complete, matches };
  };
  timed(200); // warm-up
  const production = timed(200);
  const unbounded = timed(Infinity);

  // The naive preview: every item through the one-alert matcher, for a few of the keywords.
  const items: MatchItem[] = [];
  for (let i = 0; i < ITEMS; i++) items.push(source[i % source.length]);
  const naive: number[] = [];
  for (const alert of alerts.slice(0, 5)) {
    const index = compileAlertIndex([{ ...alert, minScore: 0 } as AlertInput]);
    const start = performance.now();
    for (const item of items) index.match(item);
    naive.push(performance.now() - start);
  }
  naive.sort((a, b) => a - b);
  const naiveMedian = percentile(naive, 0.5);

  const rows = [
    ['window search, 200 ms budget (as served)', production],
    ['window search, no budget (whole hour)', unbounded],
  ] as const;
  console.log('| search | p50 | p95 | p99 | max | whole hour searched | vs naive scan (p50) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, run] of rows) {
    const t = run.times;
    console.log(
      `| ${name} | ${ms(percentile(t, 0.5))} | ${ms(percentile(t, 0.95))} | ${ms(percentile(t, 0.99))} | ${ms(t[t.length - 1])} | ${run.complete} of ${QUERIES} | ${(naiveMedian / percentile(t, 0.5)).toFixed(0)}× faster |`,
    );
  }
  console.log(
    `| naive scan (baseline, 5 keywords) | ${ms(naiveMedian)} | | | ${ms(naive[naive.length - 1])} | 5 of 5 | 1× |`,
  );
  if (production.matches !== unbounded.matches) {
    console.log(
      `\n(the budget cut ${unbounded.matches - production.matches} of ${unbounded.matches} matches from incomplete searches)`,
    );
  }
  const p95 = percentile(production.times, 0.95);
  console.log(`\ntarget: p95 < 300 ms as served: ${p95 < 300 ? 'PASS' : 'FAIL'} (${ms(p95)})`);
}

main();
