import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { digestRuns, mentions } from '../../db/schema';
import { releaseConfig } from './lease-repo';
import { intArray } from './sql-arrays';

// One run's way through the job: sending, then sent, retried or closed.
export type DigestRunRow = typeof digestRuns.$inferSelect;

/** Written (and committed) before the SMTP conversation: from here on the outcome may be unknown. */
export async function markSending(db: DbOrTx, id: number, now: Date) {
  const [row] = await db
    .update(digestRuns)
    .set({ status: 'sending', attempts: sql`${digestRuns.attempts} + 1`, updatedAt: now })
    .where(eq(digestRuns.id, id))
    .returning({ attempts: digestRuns.attempts });
  return row.attempts;
}

/**
 * Delivered (or possibly delivered): exactly the run's mentions are marked, the config's
 * lastSent and next slot move on, and the stored copy of the message is dropped.
 */
export async function completeRun(
  db: DbOrTx,
  run: DigestRunRow,
  config: { id: number },
  values: { now: Date; nextSlotAt: Date; note: string | null },
) {
  await db.transaction(async (tx) => {
    if (run.mentionIds.length > 0) {
      await tx
        .update(mentions)
        .set({ isIncludedInDigest: true })
        .where(
          and(
            eq(mentions.workspaceId, run.userId),
            sql`${mentions.id} = any(${intArray(run.mentionIds)}::int[])`,
          ),
        );
    }
    await tx
      .update(digestRuns)
      .set({
        status: 'sent',
        sentAt: values.now,
        updatedAt: values.now,
        lastError: values.note,
        nextAttemptAt: null,
      })
      .where(eq(digestRuns.id, run.id));
    await releaseConfig(tx, config.id, {
      lastSent: values.now,
      nextSlotAt: values.nextSlotAt,
      retryAt: null,
    });
  });
}

export async function scheduleRetry(
  db: DbOrTx,
  run: DigestRunRow,
  config: { id: number },
  values: { now: Date; at: Date; error: string },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(digestRuns)
      .set({
        status: 'retry',
        nextAttemptAt: values.at,
        lastError: values.error,
        updatedAt: values.now,
      })
      .where(eq(digestRuns.id, run.id));
    await releaseConfig(tx, config.id, { retryAt: values.at });
  });
}

/** Given up (permanent failure, or retries exhausted, or digests turned off): mentions stay pending. */
export async function closeRun(
  db: DbOrTx,
  run: DigestRunRow,
  config: { id: number },
  values: { now: Date; status: 'failed' | 'cancelled'; error: string; nextSlotAt?: Date },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(digestRuns)
      .set({
        status: values.status,
        lastError: values.error,
        updatedAt: values.now,
        nextAttemptAt: null,
      })
      .where(eq(digestRuns.id, run.id));
    await releaseConfig(tx, config.id, {
      retryAt: null,
      ...(values.nextSlotAt ? { nextSlotAt: values.nextSlotAt } : {}),
    });
  });
}
