import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { digestConfigs, digestRuns, users } from '../../db/schema';
import { firstDueSlot, type DigestSchedule } from './schedule';

export type DigestConfigRow = typeof digestConfigs.$inferSelect;

/** The schedule a stored config describes (an unknown frequency reads as daily). */
export const scheduleOf = (row: DigestConfigRow, instantMinutes?: number): DigestSchedule => ({
  frequency: row.frequency === 'weekly' || row.frequency === 'instant' ? row.frequency : 'daily',
  instantMinutes,
  time: row.time,
  timezone: row.timezone,
  weekday: row.weekday,
});

/**
 * Default settings: daily at 08:00 in the given timezone, Monday for weekly. See
 * docs/product.md §7 (Email digests).
 */
export async function insertDefaultDigestConfig(
  db: DbOrTx,
  userId: number,
  timezone: string,
  now: Date,
) {
  const nextSlotAt = firstDueSlot(
    { frequency: 'daily', time: '08:00', timezone, weekday: 1 },
    { lastSent: null, savedAt: now },
  );
  await db
    .insert(digestConfigs)
    .values({ userId, timezone, nextSlotAt, updatedAt: now })
    .onConflictDoNothing({ target: digestConfigs.userId });
}

export async function findConfig(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(digestConfigs).where(eq(digestConfigs.userId, userId));
  return row;
}

export async function updateConfig(
  db: DbOrTx,
  userId: number,
  values: Partial<
    Pick<
      DigestConfigRow,
      'frequency' | 'time' | 'timezone' | 'weekday' | 'isActive' | 'nextSlotAt' | 'updatedAt'
    >
  >,
) {
  const [row] = await db
    .update(digestConfigs)
    .set(values)
    .where(eq(digestConfigs.userId, userId))
    .returning();
  return row;
}

export async function lastSentRun(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ sentAt: digestRuns.sentAt, mentionCount: digestRuns.mentionCount })
    .from(digestRuns)
    .where(and(eq(digestRuns.userId, userId), eq(digestRuns.status, 'sent')))
    .orderBy(desc(digestRuns.sentAt))
    .limit(1);
  return row;
}

/** The newest run that failed or is waiting for a retry. */
export async function lastProblemRun(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      status: digestRuns.status,
      lastError: digestRuns.lastError,
      updatedAt: digestRuns.updatedAt,
      nextAttemptAt: digestRuns.nextAttemptAt,
    })
    .from(digestRuns)
    .where(and(eq(digestRuns.userId, userId), inArray(digestRuns.status, ['failed', 'retry'])))
    .orderBy(desc(digestRuns.updatedAt))
    .limit(1);
  return row;
}

export async function updateUserTimezone(db: DbOrTx, userId: number, timezone: string) {
  await db.update(users).set({ timezone }).where(eq(users.id, userId));
}
