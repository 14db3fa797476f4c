import { and, count, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { alertRelevance, alerts, mentions } from '../db/schema';
import type { RelevanceLabel } from './classifier';

export type RelevanceRow = typeof alertRelevance.$inferSelect;

/** The user's own mention (its alert), or undefined: another user's is as absent as none. */
export async function findOwnedMention(db: DbOrTx, workspaceId: number, mentionId: number) {
  const [row] = await db
    .select({ id: mentions.id, alertId: mentions.alertId, feedback: mentions.feedback })
    .from(mentions)
    .where(and(eq(mentions.id, mentionId), eq(mentions.workspaceId, workspaceId)));
  return row;
}

export async function setFeedback(
  db: DbOrTx,
  mentionId: number,
  label: RelevanceLabel | null,
  now: Date,
) {
  await db
    .update(mentions)
    .set({
      feedback: label,
      feedbackAt: label === null ? null : now,
      // Marked relevant, a hidden mention is listed again (it is not sent after the fact).
      ...(label === 'relevant' ? { hidden: false } : {}),
    })
    .where(eq(mentions.id, mentionId));
}

/** The alert's labels changed: its classifier is due for training (the row made if none). */
export async function bumpLabelsVersion(db: DbOrTx, alertId: number) {
  await db
    .insert(alertRelevance)
    .values({ alertId, labelsVersion: 1 })
    .onConflictDoUpdate({
      target: alertRelevance.alertId,
      set: { labelsVersion: sql`${alertRelevance.labelsVersion} + 1` },
    });
}

export async function findOwnedAlertId(db: DbOrTx, workspaceId: number, alertId: number) {
  const [row] = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.id, alertId), eq(alerts.workspaceId, workspaceId)));
  return row?.id;
}

export async function findRelevance(db: DbOrTx, alertId: number) {
  const [row] = await db.select().from(alertRelevance).where(eq(alertRelevance.alertId, alertId));
  return row;
}

export async function saveHideIrrelevant(db: DbOrTx, alertId: number, hideIrrelevant: boolean) {
  await db
    .insert(alertRelevance)
    .values({ alertId, hideIrrelevant })
    .onConflictDoUpdate({ target: alertRelevance.alertId, set: { hideIrrelevant } });
}

/** How many of each label the alert's mentions carry (from mentions_feedback_idx). */
export async function labelCounts(db: DbOrTx, alertId: number) {
  const rows = await db
    .select({ label: mentions.feedback, n: count() })
    .from(mentions)
    .where(and(eq(mentions.alertId, alertId), isNotNull(mentions.feedback)))
    .groupBy(mentions.feedback);
  const counts = { relevant: 0, irrelevant: 0 };
  for (const row of rows) {
    if (row.label === 'relevant' || row.label === 'irrelevant') counts[row.label] = row.n;
  }
  return counts;
}

/** Hidden mentions stored since `since`: the user's, or one alert's of theirs. */
export async function countHidden(db: DbOrTx, workspaceId: number, since: Date, alertId?: number) {
  return db.$count(
    mentions,
    and(
      eq(mentions.workspaceId, workspaceId),
      eq(mentions.hidden, true),
      gte(mentions.createdAt, since),
      alertId === undefined ? undefined : eq(mentions.alertId, alertId),
    ),
  );
}

/** Most labels one training reads: the newest, so that a model follows the user's taste. */
export const MAX_TRAINING_LABELS = 2000;

/**
 * Takes one alert whose labels changed since its last training, locked for this transaction
 * (other workers skip it), or undefined when none waits.
 */
export async function lockAlertToTrain(tx: DbOrTx) {
  const [row] = await tx
    .select({
      alertId: alertRelevance.alertId,
      labelsVersion: alertRelevance.labelsVersion,
    })
    .from(alertRelevance)
    .where(sql`${alertRelevance.labelsVersion} <> ${alertRelevance.trainedVersion}`)
    .orderBy(alertRelevance.alertId)
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** The alert's labelled mentions, newest label first; removed ones (no text left) skipped. */
export function labelledMentions(db: DbOrTx, alertId: number) {
  return db
    .select({ title: mentions.title, body: mentions.body, label: mentions.feedback })
    .from(mentions)
    .where(
      and(eq(mentions.alertId, alertId), isNotNull(mentions.feedback), isNull(mentions.removedAt)),
    )
    .orderBy(desc(mentions.feedbackAt), desc(mentions.id))
    .limit(MAX_TRAINING_LABELS);
}

export async function saveTraining(
  db: DbOrTx,
  alertId: number,
  values: Pick<
    RelevanceRow,
    | 'trainedVersion'
    | 'model'
    | 'modelId'
    | 'trainedAt'
    | 'trainedRelevant'
    | 'trainedIrrelevant'
    | 'precision'
    | 'recall'
  >,
) {
  await db.update(alertRelevance).set(values).where(eq(alertRelevance.alertId, alertId));
}

/** Of these alerts, those with a model: whether they hide, and when the model was trained. */
export function modelsOf(db: DbOrTx, alertIds: number[]) {
  return db
    .select({
      alertId: alertRelevance.alertId,
      hideIrrelevant: alertRelevance.hideIrrelevant,
      modelId: alertRelevance.modelId,
    })
    .from(alertRelevance)
    .where(and(inArray(alertRelevance.alertId, alertIds), isNotNull(alertRelevance.model)));
}

export function modelJson(db: DbOrTx, alertIds: number[]) {
  return db
    .select({
      alertId: alertRelevance.alertId,
      model: alertRelevance.model,
      modelId: alertRelevance.modelId,
    })
    .from(alertRelevance)
    .where(inArray(alertRelevance.alertId, alertIds));
}
