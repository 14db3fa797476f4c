import { describe, expect, test } from 'vitest';
import type { LabelledText } from './classifier';
import { assignFolds, crossValidate, evaluationOf } from './cross-validate';

describe('evaluationOf (the "not relevant" class is the positive one)', () => {
  test.each([
    // labels (true: not relevant), predictions (true: would hide), precision, recall
    [[true, true, false, false], [true, false, false, false], 1, 0.5],
    [[true, true, false, false], [true, true, true, false], 2 / 3, 1],
    [[true, false], [false, false], null, 0],
    [[false, false], [true, false], 0, 0],
    [[true, true, true, false], [true, true, true, false], 1, 1],
  ])('labels %j, predictions %j: precision %s, recall %s', (labels, predictions, p, r) => {
    const evaluation = evaluationOf(labels, predictions);
    expect(evaluation.precision).toBe(p);
    expect(evaluation.recall).toBe(r);
    expect(
      evaluation.truePositives +
        evaluation.falsePositives +
        evaluation.falseNegatives +
        evaluation.trueNegatives,
    ).toBe(labels.length);
  });
});

const example = (label: LabelledText['label'], text: string = label): LabelledText => ({
  text,
  label,
});

describe('assignFolds', () => {
  test('deals each label round the folds, so every fold holds some of each', () => {
    const examples = [
      ...Array.from({ length: 7 }, () => example('relevant')),
      ...Array.from({ length: 5 }, () => example('irrelevant')),
    ];
    const folds = assignFolds(examples, 3);
    expect(folds).toEqual([0, 1, 2, 0, 1, 2, 0, 0, 1, 2, 0, 1]);
    for (let f = 0; f < 3; f++) {
      const labels = examples.filter((_, i) => folds[i] === f).map((e) => e.label);
      expect(labels).toContain('relevant');
      expect(labels).toContain('irrelevant');
    }
  });
});

describe('crossValidate', () => {
  const clear = [
    ...['api', 'webhook', 'checkout', 'payouts', 'invoice', 'billing'].map((w) =>
      example('relevant', `stripe ${w} payments`),
    ),
    ...['shirt', 'zebra', 'racing', 'adidas', 'wallpaper', 'socks'].map((w) =>
      example('irrelevant', `stripe ${w} pattern`),
    ),
  ];

  test('finds every "not relevant" one when a word tells them apart', () => {
    expect(crossValidate(clear, 3)).toMatchObject({ precision: 1, recall: 1 });
  });

  test('scores each example only by a model that did not see it', () => {
    // Each text is its own unique words: a model that had seen it would be sure; one that
    // had not can only toss a coin, which hides nothing.
    const unique = Array.from({ length: 10 }, (_, i) =>
      example(i % 2 ? 'irrelevant' : 'relevant', `word${i} other${i}`),
    );
    expect(crossValidate(unique, 5)).toMatchObject({ precision: null, recall: 0 });
  });

  test('uses fewer folds than asked when a label has fewer examples', () => {
    const few = [...clear.slice(0, 6), ...clear.slice(6, 8)];
    expect(crossValidate(few, 5).truePositives + crossValidate(few, 5).falseNegatives).toBe(2);
  });

  test('needs two examples of each label', () => {
    expect(() => crossValidate([example('relevant'), example('irrelevant')])).toThrow();
  });
});
