import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { alerts, liveAlert } from '../db/schema';

export type AlertRow = typeof alerts.$inferSelect;
export type AlertValues = Pick<
  typeof alerts.$inferInsert,
  | 'keyword'
  | 'subreddits'
  | 'includeComments'
  | 'titlesOnly'
  | 'minScore'
  | 'digestFrequency'
  | 'isActive'
  | 'isPaused'
  | 'sources'
>;

/**
 * The form's subreddits (in the user's casing) as the two columns: lower-cased for matching,
 * as written for display.
 */
function alertColumns<T extends Partial<AlertValues>>(values: T) {
  if (values.subreddits === undefined) return values;
  return {
    ...values,
    subreddits: values.subreddits?.toLowerCase() ?? null,
    subredditLabels: values.subreddits,
  };
}

export function listAlerts(db: DbOrTx, workspaceId: number) {
  return db
    .select()
    .from(alerts)
    .where(eq(alerts.workspaceId, workspaceId))
    .orderBy(desc(alerts.updatedAt), desc(alerts.id));
}

/** The alert if it belongs to the user; someone else's alert is as absent as a missing one. */
export async function findOwnedAlert(db: DbOrTx, workspaceId: number, id: number) {
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.workspaceId, workspaceId)));
  return row;
}

export async function countLiveAlerts(db: DbOrTx, workspaceId: number, exceptId?: number) {
  const where =
    exceptId === undefined
      ? and(eq(alerts.workspaceId, workspaceId), liveAlert)
      : and(eq(alerts.workspaceId, workspaceId), liveAlert, ne(alerts.id, exceptId));
  const [row] = await db.select({ n: count() }).from(alerts).where(where);
  return row.n;
}

export async function insertAlert(db: DbOrTx, workspaceId: number, values: AlertValues, now: Date) {
  const [row] = await db
    .insert(alerts)
    .values({ ...alertColumns(values), workspaceId, createdAt: now, updatedAt: now })
    .returning();
  return row;
}

export async function updateAlert(
  db: DbOrTx,
  workspaceId: number,
  id: number,
  values: Partial<AlertValues>,
  now: Date,
) {
  const [row] = await db
    .update(alerts)
    .set({ ...alertColumns(values), updatedAt: now })
    .where(and(eq(alerts.id, id), eq(alerts.workspaceId, workspaceId)))
    .returning();
  return row;
}

export async function deleteAlert(db: DbOrTx, workspaceId: number, id: number) {
  const rows = await db
    .delete(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.workspaceId, workspaceId)))
    .returning({ id: alerts.id });
  return rows.length > 0;
}

/** The user's keywords flagged for a filter-scope review (decision 024). */
export function listFilterScopeReviews(db: DbOrTx, workspaceId: number) {
  return db
    .select({ id: alerts.id, keyword: alerts.keyword })
    .from(alerts)
    .where(and(eq(alerts.workspaceId, workspaceId), eq(alerts.filterScopeReview, true)))
    .orderBy(alerts.id);
}

/** Clears the review flag of the user's keywords, or of one of them. */
export async function clearFilterScopeReview(db: DbOrTx, workspaceId: number, alertId?: number) {
  const owned = eq(alerts.workspaceId, workspaceId);
  await db
    .update(alerts)
    .set({ filterScopeReview: false })
    .where(alertId === undefined ? owned : and(owned, eq(alerts.id, alertId)));
}
