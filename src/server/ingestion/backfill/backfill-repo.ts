import { and, asc, desc, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { alertBackfills, alerts, liveAlert } from '../../db/schema';

/** What a backfill searches: the keyword and the subreddits (other fields are re-checked locally). */
export const backfillKey = (alert: { keyword: string; subreddits: string | null }) =>
  `${alert.subreddits ?? ''}|${alert.keyword}`;

/**
 * Asks for the alert's 7-day search (in the transaction that creates or edits it). A query
 * already searched (an edit back and forth) keeps its row: nothing is searched twice.
 */
export async function requestBackfill(
  db: DbOrTx,
  alert: { id: number; keyword: string; subreddits: string | null },
  now: Date,
) {
  await db
    .insert(alertBackfills)
    .values({ alertId: alert.id, queryKey: backfillKey(alert), nextAttemptAt: now, createdAt: now })
    .onConflictDoNothing();
}

export type BackfillRow = typeof alertBackfills.$inferSelect;

/** Leases the oldest due backfill of a live alert (SKIP LOCKED: workers take different ones). */
export async function leaseBackfill(db: Db, now: Date, leaseMs: number) {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ backfill: alertBackfills })
      .from(alertBackfills)
      .innerJoin(alerts, eq(alerts.id, alertBackfills.alertId))
      .where(
        and(
          eq(alertBackfills.status, 'pending'),
          lte(alertBackfills.nextAttemptAt, now),
          or(isNull(alertBackfills.leaseUntil), lt(alertBackfills.leaseUntil, now)),
          liveAlert,
        ),
      )
      .orderBy(asc(alertBackfills.nextAttemptAt))
      .limit(1)
      .for('update', { of: alertBackfills, skipLocked: true });
    if (!due) return undefined;
    const lease = { leaseUntil: new Date(now.getTime() + leaseMs) };
    await tx.update(alertBackfills).set(lease).where(keyOf(due.backfill));
    return { ...due.backfill, ...lease };
  });
}

const keyOf = (row: Pick<BackfillRow, 'alertId' | 'queryKey'>) =>
  and(eq(alertBackfills.alertId, row.alertId), eq(alertBackfills.queryKey, row.queryKey));

export async function updateBackfill(
  db: DbOrTx,
  row: Pick<BackfillRow, 'alertId' | 'queryKey'>,
  set: Partial<Omit<BackfillRow, 'alertId' | 'queryKey'>>,
) {
  await db.update(alertBackfills).set(set).where(keyOf(row));
}

/** The newest backfill of an alert, for its diagnostic page. */
export async function latestBackfill(db: DbOrTx, alertId: number) {
  const [row] = await db
    .select()
    .from(alertBackfills)
    .where(eq(alertBackfills.alertId, alertId))
    .orderBy(desc(alertBackfills.createdAt))
    .limit(1);
  return row;
}
