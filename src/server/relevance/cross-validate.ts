import { isLikelyIrrelevant, loadModel, scoreText, train, type LabelledText } from './classifier';

/**
 * How well the filter would have done on the user's own labels, "not relevant" being what it
 * looks for. `precision`: of the mentions it would hide, the share the user marked not
 * relevant (null when it would hide none). `recall`: of those marked not relevant, the share
 * it would hide.
 */
export type Evaluation = {
  precision: number | null;
  recall: number;
  /** Counts over all folds: hidden and marked not relevant, hidden but relevant, and so on. */
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
};

export const DEFAULT_FOLDS = 5;

/**
 * The fold of each example: each label's examples are dealt round the folds in turn, so every
 * fold holds about the same share of each (stratified), and the same labels give the same
 * folds (no randomness: the figures shown do not move from one training to the next).
 */
export function assignFolds(examples: LabelledText[], k: number): number[] {
  const dealt = { relevant: 0, irrelevant: 0 };
  return examples.map((example) => dealt[example.label]++ % k);
}

export function evaluationOf(labels: boolean[], predictions: boolean[]): Evaluation {
  let tp = 0,
    fp = 0,
    fn = 0,
    tn = 0;
  labels.forEach((irrelevant, i) => {
    if (predictions[i]) {
      if (irrelevant) tp++;
      else fp++;
    } else if (irrelevant) fn++;
    else tn++;
  });
  return {
    precision: tp + fp === 0 ? null : tp / (tp + fp),
    recall: tp + fn === 0 ? 0 : tp / (tp + fn),
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    trueNegatives: tn,
  };
}

/**
 * k-fold cross-validation: each fold is scored by a model trained on the other folds, and the
 * counts of all folds add up to one precision and recall. `k` is lowered to the size of the
 * smaller label (each fold needs one of each to train on).
 */
export function crossValidate(examples: LabelledText[], k = DEFAULT_FOLDS): Evaluation {
  const smaller = Math.min(
    examples.filter((e) => e.label === 'relevant').length,
    examples.filter((e) => e.label === 'irrelevant').length,
  );
  if (smaller < 2) throw new Error('cross-validation needs two examples of each label');
  const folds = Math.min(k, smaller);
  const fold = assignFolds(examples, folds);
  const predictions: boolean[] = new Array(examples.length);
  for (let f = 0; f < folds; f++) {
    const model = loadModel(train(examples.filter((_, i) => fold[i] !== f)));
    examples.forEach((example, i) => {
      if (fold[i] === f) predictions[i] = isLikelyIrrelevant(scoreText(model, example.text));
    });
  }
  return evaluationOf(
    examples.map((e) => e.label === 'irrelevant'),
    predictions,
  );
}
