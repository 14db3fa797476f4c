import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { digestConfigs, users, weeklyReports } from '../../db/schema';
import { intArray, tsArray } from '../digests/sql-arrays';

// The first half of the job: users whose Monday slot has passed get their week's report row.

/** Up to `limit` opted-in users whose slot has passed, the longest waiting first. */
export function dueUsers(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({
      userId: digestConfigs.userId,
      slotAt: digestConfigs.weeklyReportAt,
      timezone: users.timezone,
      verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
    })
    .from(digestConfigs)
    .innerJoin(users, eq(users.id, digestConfigs.userId))
    .where(and(eq(digestConfigs.weeklyReport, true), lte(digestConfigs.weeklyReportAt, now)))
    .orderBy(asc(digestConfigs.weeklyReportAt), asc(digestConfigs.userId))
    .limit(limit);
}

export type DueUser = Awaited<ReturnType<typeof dueUsers>>[number];

export interface Claim {
  userId: number;
  week: string;
  slotAt: Date;
  messageId: string;
}

/**
 * In one transaction: records each claimed week's report (a week already recorded — by another
 * worker, or before a restart — is left as it is: the unique index is the exactly-once rule),
 * and moves each user's slot on. A slot another worker moved meanwhile is not moved back.
 */
export async function recordClaims(
  db: DbOrTx,
  claims: Claim[],
  moves: { userId: number; from: Date; to: Date }[],
  now: Date,
) {
  await db.transaction(async (tx) => {
    if (claims.length > 0) {
      await tx
        .insert(weeklyReports)
        .values(claims.map((c) => ({ ...c, status: 'pending', createdAt: now, updatedAt: now })))
        .onConflictDoNothing({ target: [weeklyReports.userId, weeklyReports.week] });
    }
    if (moves.length === 0) return;
    await tx.execute(sql`
      update ${digestConfigs} c set weekly_report_at = v.next_at
      from (select unnest(${intArray(moves.map((m) => m.userId))}::int[]) as user_id,
                   unnest(${tsArray(moves.map((m) => m.from))}::timestamptz[]) as from_at,
                   unnest(${tsArray(moves.map((m) => m.to))}::timestamptz[]) as next_at) v
      where c.user_id = v.user_id and c.weekly_report and c.weekly_report_at = v.from_at`);
  });
}
