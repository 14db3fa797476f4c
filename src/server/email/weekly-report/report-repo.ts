import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { digestConfigs, users, weeklyReports, workspaceMembers, workspaces } from '../../db/schema';

// The second half of the job: a recorded report's way through sending, under a row lease.

export type WeeklyReportRow = typeof weeklyReports.$inferSelect;

/**
 * Leases up to `limit` open reports that need the job now: new ones, retries that are due, and
 * attempts whose worker vanished mid-send (their lease ran out). SKIP LOCKED plus the
 * `leased_until` mark keep other workers off them for `leaseMs`; each comes with what sending
 * it needs.
 */
export async function leaseOpenReports(db: DbOrTx, now: Date, leaseMs: number, limit: number) {
  const until = new Date(now.getTime() + leaseMs);
  const result = await db.execute<{ id: number }>(sql`
    update ${weeklyReports} set leased_until = ${until.toISOString()}
    where id in (
      select id from ${weeklyReports}
      where status in ('pending', 'retry', 'sending')
        and (next_attempt_at is null or next_attempt_at <= ${now.toISOString()})
        and (leased_until is null or leased_until <= ${now.toISOString()})
      order by coalesce(next_attempt_at, slot_at), id
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db
    .select({
      report: weeklyReports,
      email: users.email,
      verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      timezone: users.timezone,
      isActive: digestConfigs.weeklyReport,
      unsubscribeSecret: digestConfigs.unsubscribeSecret,
    })
    .from(weeklyReports)
    .innerJoin(users, eq(users.id, weeklyReports.userId))
    .innerJoin(digestConfigs, eq(digestConfigs.userId, weeklyReports.userId))
    .where(inArray(weeklyReports.id, ids));
}

export type LeasedReport = Awaited<ReturnType<typeof leaseOpenReports>>[number];

/** Written (and committed) before the SMTP conversation: from here on the outcome may be unknown. */
export async function markSending(db: DbOrTx, id: number, mentionCount: number, now: Date) {
  const [row] = await db
    .update(weeklyReports)
    .set({
      status: 'sending',
      mentionCount,
      attempts: sql`${weeklyReports.attempts} + 1`,
      updatedAt: now,
    })
    .where(eq(weeklyReports.id, id))
    .returning({ attempts: weeklyReports.attempts });
  return row.attempts;
}

/** Ends the report's lease with its new state. */
export async function settleReport(
  db: DbOrTx,
  id: number,
  values: Partial<
    Pick<WeeklyReportRow, 'status' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'sentAt'>
  > & { now: Date },
) {
  const { now, ...rest } = values;
  await db
    .update(weeklyReports)
    .set({ ...rest, updatedAt: now, leasedUntil: null })
    .where(eq(weeklyReports.id, id));
}

/**
 * Drops finished reports created before `before`: only the newest week can be claimed again,
 * so older rows guard nothing. Open ones stay whatever their age.
 */
export async function pruneReports(db: DbOrTx, before: Date, limit = 5000) {
  await db.execute(sql`
    delete from ${weeklyReports} where id in (
      select id from ${weeklyReports}
      where created_at < ${before.toISOString()}
        and status not in ('pending', 'retry', 'sending')
      limit ${limit})`);
}

/** Every workspace the user belongs to, personal (whose id is theirs) first, then by name. */
export function membershipsOf(db: DbOrTx, userId: number, limit: number) {
  return db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(sql`${workspaces.id} = ${userId} desc`, asc(workspaces.name), asc(workspaces.id))
    .limit(limit);
}
