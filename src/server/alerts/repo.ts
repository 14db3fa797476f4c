import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { alerts, liveAlert, users } from '../db/schema';

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

export function listAlerts(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(alerts)
    .where(eq(alerts.userId, userId))
    .orderBy(desc(alerts.updatedAt), desc(alerts.id));
}

/** The alert if it belongs to the user; someone else's alert is as absent as a missing one. */
export async function findOwnedAlert(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)));
  return row;
}

export async function countLiveAlerts(db: DbOrTx, userId: number, exceptId?: number) {
  const where =
    exceptId === undefined
      ? and(eq(alerts.userId, userId), liveAlert)
      : and(eq(alerts.userId, userId), liveAlert, ne(alerts.id, exceptId));
  const [row] = await db.select({ n: count() }).from(alerts).where(where);
  return row.n;
}

/** Serialises plan-limit checks of one user: concurrent creates queue behind this row lock. */
/** Locks the user's row for the transaction; false when the user is gone (deleted meanwhile). */
export async function lockUser(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return rows.length > 0;
}

export async function insertAlert(db: DbOrTx, userId: number, values: AlertValues, now: Date) {
  const [row] = await db
    .insert(alerts)
    .values({ ...alertColumns(values), userId, createdAt: now, updatedAt: now })
    .returning();
  return row;
}

export async function updateAlert(
  db: DbOrTx,
  userId: number,
  id: number,
  values: Partial<AlertValues>,
  now: Date,
) {
  const [row] = await db
    .update(alerts)
    .set({ ...alertColumns(values), updatedAt: now })
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
    .returning();
  return row;
}

export async function deleteAlert(db: DbOrTx, userId: number, id: number) {
  const rows = await db
    .delete(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
    .returning({ id: alerts.id });
  return rows.length > 0;
}

/** The user's keywords flagged for a filter-scope review (decision 024). */
export function listFilterScopeReviews(db: DbOrTx, userId: number) {
  return db
    .select({ id: alerts.id, keyword: alerts.keyword })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.filterScopeReview, true)))
    .orderBy(alerts.id);
}

/** Clears the review flag of the user's keywords, or of one of them. */
export async function clearFilterScopeReview(db: DbOrTx, userId: number, alertId?: number) {
  const owned = eq(alerts.userId, userId);
  await db
    .update(alerts)
    .set({ filterScopeReview: false })
    .where(alertId === undefined ? owned : and(owned, eq(alerts.id, alertId)));
}
