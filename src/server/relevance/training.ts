import { randomUUID } from 'node:crypto';
import { MIN_LABELS_PER_KIND } from '@shared/api/relevance';
import type { Db } from '../db/client';
import { mentionText, train, type LabelledText } from './classifier';
import { crossValidate } from './cross-validate';
import * as repo from './repo';

/**
 * Trains the classifier of one alert whose labels changed, if any waits: with at least
 * MIN_LABELS_PER_KIND of each label a model and its cross-validated figures are stored,
 * otherwise the model is cleared (labels taken back below the minimum stop the filter).
 * Returns whether an alert was handled. Idempotent: the alert is locked while it trains and
 * marked trained for the labels it read.
 */
export async function trainNextAlert(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const due = await repo.lockAlertToTrain(tx);
    if (!due) return false;
    const examples: LabelledText[] = (await repo.labelledMentions(tx, due.alertId)).flatMap(
      (row) =>
        row.label === 'relevant' || row.label === 'irrelevant'
          ? [{ text: mentionText(row), label: row.label }]
          : [],
    );
    const relevant = examples.filter((e) => e.label === 'relevant').length;
    const irrelevant = examples.length - relevant;
    const enough = relevant >= MIN_LABELS_PER_KIND && irrelevant >= MIN_LABELS_PER_KIND;
    const evaluation = enough ? crossValidate(examples) : undefined;
    await repo.saveTraining(tx, due.alertId, {
      trainedVersion: due.labelsVersion,
      model: enough ? train(examples) : null,
      modelId: enough ? randomUUID() : null,
      trainedAt: enough ? now : null,
      trainedRelevant: relevant,
      trainedIrrelevant: irrelevant,
      precision: evaluation?.precision ?? null,
      recall: evaluation?.recall ?? null,
    });
    return true;
  });
}

/** Most alerts one run trains, so that a run stays inside its time box. */
export const ALERTS_PER_RUN = 50;

export async function trainChangedAlerts(db: Db, now: () => Date, signal?: AbortSignal) {
  let trained = 0;
  while (trained < ALERTS_PER_RUN && !signal?.aborted && (await trainNextAlert(db, now()))) {
    trained++;
  }
  return trained;
}
