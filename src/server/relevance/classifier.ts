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

/** A model ready to score: the weights in a Map (no prototype lookups, no JSON per text). */
export type RelevanceModel = { weights: Map<string, number> };

export const MODEL_VERSION = 1;

/** Most features kept: the most telling ones, so that a model stays small (tens of KB). */
export const MAX_FEATURES = 5000;

/** Texts longer than this are scored on their start: the cost of a match stays bounded. */
export const MAX_TEXT_CHARS = 4000;

const WORD = /[\p{L}\p{N}]+(?:['’.+#-][\p{L}\p{N}]+)*/gu;

/**
 * The features of a text: its words (normalised as the query language does, so "Stripe",
 * "STRIPE" and "stripé" are one word) and each pair of neighbouring words ("stripe api").
 * Each feature counts once per text (binarised counts suit short texts best).
 */
export function features(text: string): Set<string> {
  const words = normalizeText(text.slice(0, MAX_TEXT_CHARS)).match(WORD) ?? [];
  const found = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    found.add(words[i]);
    if (i > 0) found.add(`${words[i - 1]} ${words[i]}`);
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
  const weights = new Map<string, number>();
  for (const [feature, weight] of Object.entries((stored as SerializedModel).weights)) {
    if (typeof weight !== 'number' || !Number.isFinite(weight))
      throw new Error(`relevance model: feature "${feature}" has no numeric weight`);
    weights.set(feature, weight);
  }
  return { weights };
}

/** The probability that the text is not relevant to the keyword, from 0 to 1. */
export function scoreText(model: RelevanceModel, text: string): number {
  let logOdds = 0;
  for (const feature of features(text)) logOdds += model.weights.get(feature) ?? 0;
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
