import { describe, expect, test } from 'vitest';
import {
  features,
  HIDE_THRESHOLD,
  isLikelyIrrelevant,
  loadModel,
  MAX_FEATURES,
  scoreText,
  train,
  type LabelledText,
} from './classifier';

const labelled = (relevant: string[], irrelevant: string[]): LabelledText[] => [
  ...relevant.map((text) => ({ text, label: 'relevant' as const })),
  ...irrelevant.map((text) => ({ text, label: 'irrelevant' as const })),
];

describe('features', () => {
  test.each([
    ['Stripe API', ['stripe', 'api', 'stripe api']],
    // Normalised as the query language does: case, accents and curly quotes fold.
    ['STRIPÉ’s Api', ["stripe's", 'api', "stripe's api"]],
    ['node.js + c++', ['node.js', 'c', 'node.js c']],
    ['a a a', ['a', 'a a']],
    ['   ', []],
    ['¡Hola!', ['hola']],
  ])('%j has the words and neighbouring pairs %j', (text, expected) => {
    expect([...features(text)].sort()).toEqual([...expected].sort());
  });

  test('reads only the start of a very long text', () => {
    const long = `${'word '.repeat(2000)}tail`;
    expect(features(long).has('tail')).toBe(false);
  });
});

describe('train and score', () => {
  const model = loadModel(
    train(
      labelled(
        ['stripe payments api', 'stripe checkout payments', 'stripe api webhook'],
        ['stripe shirt pattern', 'red stripe shirt', 'zebra stripe pattern'],
      ),
    ),
  );

  test.each([
    ['payments through the api', false],
    ['a shirt with a pattern', true],
    ['checkout webhook failing', false],
    ['zebra shirt', true],
  ])('%j is likely irrelevant: %s', (text, irrelevant) => {
    expect(isLikelyIrrelevant(scoreText(model, text))).toBe(irrelevant);
  });

  test('a text of unseen words (or only the keyword, seen on both sides) is a coin toss', () => {
    expect(scoreText(model, 'completely unrelated words')).toBe(0.5);
    expect(scoreText(model, 'stripe')).toBeCloseTo(0.5, 1);
    expect(isLikelyIrrelevant(0.5)).toBe(false);
    expect(isLikelyIrrelevant(HIDE_THRESHOLD)).toBe(true);
  });

  test('scores stay probabilities however strong the evidence', () => {
    const strong = loadModel({ v: 1, weights: { zebra: 400, api: -400 } });
    expect(scoreText(strong, 'zebra')).toBeGreaterThan(0.99);
    expect(scoreText(strong, 'zebra')).toBeLessThanOrEqual(1);
    expect(scoreText(strong, 'api')).toBeGreaterThanOrEqual(0);
    expect(scoreText(strong, 'api')).toBeLessThan(0.01);
  });

  test('a word counts once per text, however often repeated', () => {
    expect(scoreText(model, 'zebra '.repeat(50))).toBe(scoreText(model, 'zebra'));
  });

  test('the stored form is plain JSON that loads back to the same scores', () => {
    const stored = train(labelled(['stripe api'], ['stripe shirt']));
    const reloaded = loadModel(JSON.parse(JSON.stringify(stored)));
    expect(scoreText(reloaded, 'shirt')).toBe(scoreText(loadModel(stored), 'shirt'));
    expect(stored.v).toBe(1);
  });

  test('needs both labels', () => {
    expect(() => train(labelled(['a', 'b'], []))).toThrow(/both labels/);
    expect(() => train(labelled([], ['a']))).toThrow(/both labels/);
  });

  test(`keeps at most ${MAX_FEATURES} features, the most frequent first`, () => {
    const many = Array.from({ length: 4000 }, (_, i) => `unique${i} other${i} common`);
    const stored = train(labelled(many.slice(0, 2000), many.slice(2000)));
    expect(Object.keys(stored.weights)).toHaveLength(MAX_FEATURES);
    expect(stored.weights).toHaveProperty('common');
  });
});

describe('loadModel refuses what it cannot score (the caller then shows everything)', () => {
  test.each([
    [null],
    ['text'],
    [{ v: 2, weights: {} }],
    [{ v: 1 }],
    [{ v: 1, weights: null }],
    [{ v: 1, weights: { a: 'x' } }],
  ])('%j', (stored) => {
    expect(() => loadModel(stored)).toThrow();
  });
});
