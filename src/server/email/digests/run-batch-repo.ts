import { and, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { digestRuns, mentions } from '../../db/schema';
import { releaseWithSlots } from './lease-repo';
import type { DigestRunRow } from './run-repo';
import { intArray } from './sql-arrays';

// Batched forms: one round trip per leased batch instead of per user, so the database is not
// what limits digests per second (bench/digest.bench.ts).

export const OPEN_STATUSES = ['pending', 'retry', 'sending'] as const;

export async function openRunsFor(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, DigestRunRow>();
  const rows = await db
    .select()
    .from(digestRuns)
    .where(
      and(
        sql`${digestRuns.userId} = any(${intArray(userIds)}::int[])`,
        inArray(digestRuns.status, [...OPEN_STATUSES]),
      ),
    );
  return new Map(rows.map((r) => [r.userId, r]));
}

export async function insertRuns(db: DbOrTx, values: (typeof digestRuns.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db.insert(digestRuns).values(values).returning();
}

/** markSending for many runs: committed before any of them is handed to SMTP. */
export async function markSendingMany(db: DbOrTx, runIds: number[], now: Date) {
  if (runIds.length === 0) return new Map<number, number>();
  const rows = await db
    .update(digestRuns)
    .set({ status: 'sending', attempts: sql`${digestRuns.attempts} + 1`, updatedAt: now })
    .where(sql`${digestRuns.id} = any(${intArray(runIds)}::int[])`)
    .returning({ id: digestRuns.id, attempts: digestRuns.attempts });
  return new Map(rows.map((r) => [r.id, r.attempts]));
}

/** completeRun for many accepted runs, in one transaction. */
export async function completeRuns(
  db: DbOrTx,
  entries: { run: DigestRunRow; configId: number; nextSlotAt: Date }[],
  now: Date,
) {
  if (entries.length === 0) return;
  const mentionIds = entries.flatMap((e) => e.run.mentionIds);
  await db.transaction(async (tx) => {
    if (mentionIds.length > 0) {
      await tx
        .update(mentions)
        .set({ isIncludedInDigest: true })
        .where(sql`${mentions.id} = any(${intArray(mentionIds)}::int[])`);
    }
    await tx
      .update(digestRuns)
      .set({
        status: 'sent',
        sentAt: now,
        updatedAt: now,
        lastError: null,
        nextAttemptAt: null,
      })
      .where(sql`${digestRuns.id} = any(${intArray(entries.map((e) => e.run.id))}::int[])`);
    await releaseWithSlots(tx, entries, { lastSent: now });
  });
}
