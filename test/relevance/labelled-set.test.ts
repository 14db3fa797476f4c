import { describe, expect, test } from 'vitest';
import { crossValidate, type Evaluation } from '../../src/server/relevance/cross-validate';
import { STRIPE_LABELLED_SET } from './stripe-labelled-set';

/** Share of what a user would see that they marked relevant, and of all labels right. */
const shown = (e: Evaluation) => ({
  precisionOfShown: e.trueNegatives / (e.trueNegatives + e.falseNegatives),
  accuracy:
    (e.truePositives + e.trueNegatives) /
    (e.truePositives + e.trueNegatives + e.falsePositives + e.falseNegatives),
});

describe('the classifier on a fixed labelled set ("stripe": payments vs the pattern)', () => {
  const relevant = STRIPE_LABELLED_SET.filter((e) => e.label === 'relevant').length;
  const total = STRIPE_LABELLED_SET.length;
  // The keyword alone shows everything: it hides nothing, so every shown mention is as likely
  // relevant as the set is.
  const baseline = { precision: null, recall: 0, precisionOfShown: relevant / total };
  const evaluation = crossValidate(STRIPE_LABELLED_SET, 5);
  const { precisionOfShown, accuracy } = shown(evaluation);

  test('prints its 5-fold precision and recall beside the keyword-only baseline', () => {
    console.info(
      `relevance on ${total} labels (${relevant} relevant): ` +
        `precision ${(evaluation.precision! * 100).toFixed(1)}%, recall ${(evaluation.recall * 100).toFixed(1)}% ` +
        `of the not relevant; ${(precisionOfShown * 100).toFixed(1)}% of the shown relevant ` +
        `(keyword only: ${(baseline.precisionOfShown * 100).toFixed(1)}%), accuracy ${(accuracy * 100).toFixed(1)}%`,
    );
    expect(total).toBeGreaterThanOrEqual(60);
  });

  test('beats the keyword-only baseline: what it shows is more often relevant', () => {
    expect(precisionOfShown).toBeGreaterThan(baseline.precisionOfShown + 0.2);
    expect(evaluation.recall).toBeGreaterThan(baseline.recall + 0.6);
  });

  test('rarely hides a relevant mention', () => {
    expect(evaluation.precision).toBeGreaterThanOrEqual(0.9);
  });
});
