import { normalizeText } from '@shared/query';

/**
 * The relevance classifier (decision 014): multinomial naive Bayes on the words and word pairs
 * of a mention, trained on one keyword's thumbs up and down. Pure: no database, no clock.
 *
 * Training keeps, per feature, its count in each class with Laplace (add-one) smoothing, and
 * stores only what scoring needs: each feature's log-likelihood ratio of "not relevant" over
 * "relevant". Scoring sums the ratios of the features a text holds (features never seen in
 * training carry no evidence and are skipped) and turns the sum into a probability.
 *
 * The two classes get equal prior odds: how many of each a user labels says what they chose to
 * mark (often the noise), not how much of the stream is noise.
 */

export type RelevanceLabel = 'relevant' | 'irrelevant';
export type LabelledText = { text: string; label: RelevanceLabel };

/** What is stored per alert (JSON). `v` changes when the features or the format do. */
export type SerializedModel = {
  v: 1;
  /** Feature → log P(feature | irrelevant) − log P(feature | relevant), rounded. */
  weights: Record<string, number>;
};

/** A feature pair's weight, marked with the last scoring that counted it. */
type Weighted = { weight: number; mark: number };
/** A word's weight (0 when only pairs starting with it are kept) and the pairs it starts. */
type WordNode = Weighted & { pairs: Map<string, Weighted> | null };

/**
 * A model ready to score: words in a Map, each holding the pairs it starts, so that scoring
 * builds no string per pair; `mark` counts a feature once per text without a Set per text.
 */
export type RelevanceModel = { words: Map<string, WordNode>; generation: number };

export const MODEL_VERSION = 1;

/** Most features kept: the most telling ones, so that a model stays small (tens of KB). */
export const MAX_FEATURES = 5000;

/** Texts longer than this are scored on their start: the cost of a match stays bounded. */
export const MAX_TEXT_CHARS = 1200;

// Whether each BMP code unit is a letter or digit, worked out once per unit as text meets it
// (0: not yet known, 1: yes, 2: no): a regular expression with \p{L} over whole texts
// costs several times more on long comments.
const WORD_UNIT = new Uint8Array(0x10000);
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function isWordUnit(code: number): boolean {
  if (code < 0x80) return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
  // Surrogates (emoji and rarer scripts beyond the BMP) split words.
  if (code >= 0xd800 && code <= 0xdfff) return false;
  let known = WORD_UNIT[code];
  if (known === 0) {
    known = LETTER_OR_DIGIT.test(String.fromCharCode(code)) ? 1 : 2;
    WORD_UNIT[code] = known;
  }
  return known === 1;
}

/** Inside a word when letters or digits follow: "don't", "node.js", "e-mail", "c#". */
const isJoiner = (code: number) =>
  code === 0x27 || code === 0x2e || code === 0x2b || code === 0x23 || code === 0x2d;

/**
 * The words of a text, normalised as the query language normalises (so "Stripe", "STRIPE"
 * and "stripé" are one word): runs of letters and digits, kept together across one of
 * ' . + # - between them. Reads at most MAX_TEXT_CHARS.
 */
export function words(text: string): string[] {
  const normalized = normalizeText(
    text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text,
  );
  const found: string[] = [];
  const length = normalized.length;
  let start = -1;
  for (let i = 0; i < length; i++) {
    const code = normalized.charCodeAt(i);
    if (isWordUnit(code)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (isJoiner(code) && i + 1 < length && isWordUnit(normalized.charCodeAt(i + 1))) continue;
      found.push(normalized.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) found.push(normalized.slice(start));
  return found;
}

/**
 * The features of a text: its words and each pair of neighbouring words ("stripe api").
 * Each feature counts once per text (binarised counts suit short texts best).
 */
export function features(text: string): Set<string> {
  const all = words(text);
  const found = new Set<string>();
  for (let i = 0; i < all.length; i++) {
    found.add(all[i]);
    if (i > 0) found.add(`${all[i - 1]} ${all[i]}`);
  }
  return found;
}

/** Trains on labelled texts; throws when a class has no example (nothing to tell apart). */
export function train(examples: LabelledText[]): SerializedModel {
  const counts = new Map<string, [relevant: number, irrelevant: number]>();
  const totals = [0, 0];
  for (const { text, label } of examples) {
    const side = label === 'relevant' ? 0 : 1;
    for (const feature of features(text)) {
      let entry = counts.get(feature);
      if (!entry) counts.set(feature, (entry = [0, 0]));
      entry[side]++;
      totals[side]++;
    }
  }
  if (
    !examples.some((e) => e.label === 'relevant') ||
    !examples.some((e) => e.label !== 'relevant')
  )
    throw new Error('training needs examples of both labels');
  const vocabulary = counts.size;
  const denominators = [totals[0] + vocabulary, totals[1] + vocabulary];
  const scored = [...counts].map(([feature, [relevant, irrelevant]]) => {
    const weight =
      Math.log((irrelevant + 1) / denominators[1]) - Math.log((relevant + 1) / denominators[0]);
    return { feature, weight, seen: relevant + irrelevant };
  });
  // A feature seen once says little and most features are seen once: beyond the cap, keep
  // those seen most often, then the strongest.
  if (scored.length > MAX_FEATURES) {
    scored.sort((a, b) => b.seen - a.seen || Math.abs(b.weight) - Math.abs(a.weight));
    scored.length = MAX_FEATURES;
  }
  const weights: Record<string, number> = {};
  for (const { feature, weight } of scored) weights[feature] = Math.round(weight * 1e4) / 1e4;
  return { v: MODEL_VERSION, weights };
}

/** The stored JSON as a model; throws on anything else (the caller fails open). */
export function loadModel(stored: unknown): RelevanceModel {
  if (
    typeof stored !== 'object' ||
    stored === null ||
    (stored as { v?: unknown }).v !== MODEL_VERSION ||
    typeof (stored as { weights?: unknown }).weights !== 'object' ||
    (stored as { weights?: unknown }).weights === null
  ) {
    throw new Error('not a relevance model of this version');
  }
  const words = new Map<string, WordNode>();
  const node = (word: string) => {
    let found = words.get(word);
    if (!found) words.set(word, (found = { weight: 0, mark: 0, pairs: null }));
    return found;
  };
  for (const [feature, weight] of Object.entries((stored as SerializedModel).weights)) {
    if (typeof weight !== 'number' || !Number.isFinite(weight))
      throw new Error(`relevance model: feature "${feature}" has no numeric weight`);
    const space = feature.indexOf(' ');
    if (space === -1) {
      node(feature).weight = weight;
    } else {
      const first = node(feature.slice(0, space));
      (first.pairs ??= new Map()).set(feature.slice(space + 1), { weight, mark: 0 });
    }
  }
  return { words, generation: 0 };
}

/** The probability that the text is not relevant to the keyword, from 0 to 1. */
export function scoreText(model: RelevanceModel, text: string): number {
  const found = words(text);
  // Each feature counts once per text, as in training: marked with this scoring's number.
  const mark = ++model.generation;
  let logOdds = 0;
  for (let i = 0; i < found.length; i++) {
    const node = model.words.get(found[i]);
    if (!node) continue;
    if (node.mark !== mark) {
      node.mark = mark;
      logOdds += node.weight;
    }
    const pair = i + 1 < found.length ? node.pairs?.get(found[i + 1]) : undefined;
    if (pair && pair.mark !== mark) {
      pair.mark = mark;
      logOdds += pair.weight;
    }
  }
  // A logistic of the log odds, clamped so that exp never overflows.
  return 1 / (1 + Math.exp(-Math.max(-50, Math.min(50, logOdds))));
}

/**
 * At or above this probability a mention counts as "likely not relevant". Above one half: a
 * relevant mention hidden costs the user more than a stray one shown.
 */
export const HIDE_THRESHOLD = 0.7;

export const isLikelyIrrelevant = (probability: number) => probability >= HIDE_THRESHOLD;

/** The text a mention is judged by: its title and its body (a comment's title is its post's). */
export const mentionText = (mention: { title?: string; body?: string }) =>
  `${mention.title ?? ''}\n${mention.body ?? ''}`;
