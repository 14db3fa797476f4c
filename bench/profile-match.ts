/**
 * Profiling driver (`tsx --cpu-prof bench/profile-match.ts [alerts] [seconds]`): builds one
 * index of the benchmark's alerts and matches the corpus in a loop, so that a CPU profile
 * shows the matching path alone (the benchmark also runs builds and baseline loops).
 */
import { performance } from 'node:perf_hooks';
import { compileAlertIndex } from '../src/server/matching';
import { generateAlerts, vocabularyOf } from './alert-generator';
import { generateItems, loadFixtureItems } from './corpus';
import { Random } from './random';

const size = Number(process.argv[2] ?? 100_000);
const seconds = Number(process.argv[3] ?? 5);
const items = loadFixtureItems() ?? generateItems(new Random(7), 1500);
const alerts = generateAlerts(new Random(size), vocabularyOf(items), size);
const index = compileAlertIndex(alerts);
let done = 0;
let matched = 0;
const start = performance.now();
while (performance.now() - start < seconds * 1000) {
  for (const item of items) matched += index.match(item).length;
  done += items.length;
}
const rate = (done * 1000) / (performance.now() - start);
console.log(
  `${size} alerts: ${Math.round(rate)} items/s, ${(matched / done).toFixed(2)} matches/item`,
);
