/**
 * npm run bench:relevance — what the relevance filter (decision 014) costs per matched item.
 * Trains a keyword's classifier on a generated labelled set of the largest size training reads
 * (2,000 labels), prints its 5-fold cross-validated precision and recall and the stored model's
 * size, then scores Reddit texts (the recorded listings of ../shared/fixtures/reddit, else
 * generated ones) one at a time and prints p50/p99 per item. The baseline, measured in the
 * same run on the same texts, is the query language's own check of one keyword on one item
 * (`matches`): scoring is reported against it. Budget: at most 50 µs at p99, so scoring stays
 * small beside the rest of an item's ingestion.
 * Options: --labels=2000 --items=20000 --rounds=5
 */
import { parseQuery, matches } from '../src/shared/query';
import {
  loadModel,
  mentionText,
  scoreText,
  train,
  type LabelledText,
} from '../src/server/relevance/classifier';
import { crossValidate } from '../src/server/relevance/cross-validate';
import { generateItems, loadFixtureItems } from './corpus';
import { Random } from './random';

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const LABELS = arg('labels', 2000);
const ITEMS = arg('items', 20_000);
const ROUNDS = arg('rounds', 5);
const BUDGET_P99_US = 50;
const KEYWORD = 'stripe OR "stripe api"';

const random = new Random(20);

// Words of each topic, and words both share: a user's labels overlap as real ones do.
const PAYMENTS = `payments checkout subscription invoice webhook api payout refund chargeback
  billing saas customers pricing fees dispute connect radar tax vat card bank merchant revenue
  mrr churn dunning trial plan upgrade proration terminal processor paddle braintree paypal`
  .split(/\s+/)
  .filter(Boolean);
const PATTERN = `shirt pattern adidas jacket racing car paint zebra tiger wallpaper socks dress
  fabric knitting yarn sleeve suit pinstripe sergeant uniform hair lawn mowing rug candy cane
  toothpaste camo sneakers samba gazelle logo vintage thrift stripes striped white black red`
  .split(/\s+/)
  .filter(Boolean);
const SHARED = `the a to and of i it you that is in for this on was with my but have just be not
  are so they like what if at can do all your me one about there we get would people out time
  know think really more from when good because how will some an up no now new best help need`
  .split(/\s+/)
  .filter(Boolean);

function labelledText(label: LabelledText['label']): LabelledText {
  const topic = label === 'relevant' ? PAYMENTS : PATTERN;
  const other = label === 'relevant' ? PATTERN : PAYMENTS;
  const words = ['stripe'];
  const length = 6 + random.int(30);
  for (let i = 0; i < length; i++) {
    const r = random.next();
    // Mostly filler, some topic words, and now and then a word of the other topic.
    words.push(random.pick(r < 0.25 ? topic : r < 0.3 ? other : SHARED));
  }
  return { text: words.join(' '), label };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Per-item times in µs, the best of `ROUNDS` rounds for each percentile (noise only adds). */
function timePerItem(texts: string[], fn: (text: string) => unknown) {
  let best = { p50: Infinity, p99: Infinity, mean: Infinity };
  let sink = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const times = new Array<number>(texts.length);
    const started = process.hrtime.bigint();
    for (let i = 0; i < texts.length; i++) {
      const t0 = process.hrtime.bigint();
      if (fn(texts[i])) sink++;
      times[i] = Number(process.hrtime.bigint() - t0) / 1000;
    }
    const total = Number(process.hrtime.bigint() - started) / 1000;
    times.sort((a, b) => a - b);
    best = {
      p50: Math.min(best.p50, percentile(times, 50)),
      p99: Math.min(best.p99, percentile(times, 99)),
      mean: Math.min(best.mean, total / texts.length),
    };
  }
  if (sink < 0) console.log(sink);
  return best;
}

const us = (n: number) => `${n.toFixed(2)} µs`;

const examples = Array.from({ length: LABELS }, (_, i) =>
  labelledText(i % 2 === 0 ? 'relevant' : 'irrelevant'),
);
const trainStarted = performance.now();
const stored = train(examples);
const trainMs = performance.now() - trainStarted;
const cvStarted = performance.now();
const evaluation = crossValidate(examples);
const cvMs = performance.now() - cvStarted;
const json = JSON.stringify(stored);
const loadStarted = performance.now();
const model = loadModel(JSON.parse(json));
const loadMs = performance.now() - loadStarted;

const fixtures = loadFixtureItems();
const corpus = fixtures && fixtures.length > 0 ? fixtures : generateItems(random, ITEMS);
const texts = Array.from(
  { length: ITEMS },
  (_, i) => mentionText(corpus[i % corpus.length]) + (i >= corpus.length ? ` ${i}` : ''),
);
const parsed = parseQuery(KEYWORD);
if (!parsed.ok) throw new Error(parsed.error.message);
const ast = parsed.ast;

// Warm both paths up before measuring (JIT, the normaliser's piece cache).
for (const text of texts.slice(0, 2000)) {
  scoreText(model, text);
  matches(ast, text);
}
const baseline = timePerItem(texts, (text) => matches(ast, text));
const scoring = timePerItem(texts, (text) => scoreText(model, text));

const percent = (n: number | null) => (n === null ? 'n/a' : `${(n * 100).toFixed(1)}%`);
console.log(`relevance classifier (${LABELS} labels, ${ITEMS} texts from ${fixtures ? 'the recorded listings' : 'generated items'}, best of ${ROUNDS} rounds)
  training:          ${trainMs.toFixed(1)} ms; 5-fold cross-validation ${cvMs.toFixed(1)} ms
  cross-validated:   precision ${percent(evaluation.precision)}, recall ${percent(evaluation.recall)} (of the not relevant)
  model:             ${Object.keys(stored.weights).length} features, ${(json.length / 1024).toFixed(1)} KB as JSON, loaded in ${loadMs.toFixed(1)} ms
  baseline matches(): p50 ${us(baseline.p50)}, p99 ${us(baseline.p99)}, mean ${us(baseline.mean)} per item
  scoring:           p50 ${us(scoring.p50)}, p99 ${us(scoring.p99)}, mean ${us(scoring.mean)} per item
  ratio to baseline: p50 ×${(scoring.p50 / baseline.p50).toFixed(2)}, p99 ×${(scoring.p99 / baseline.p99).toFixed(2)}
  budget:            p99 ≤ ${BUDGET_P99_US} µs per matched item: ${scoring.p99 <= BUDGET_P99_US ? 'met' : 'NOT MET'}`);
