import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { alerts, digestConfigs, digestRuns, mentions, users } from '../../db/schema';

export type DigestConfigRow = typeof digestConfigs.$inferSelect;
export type DigestRunRow = typeof digestRuns.$inferSelect;

export const OPEN_STATUSES = ['pending', 'retry', 'sending'] as const;

/** A PostgreSQL int[] literal: one parameter however many ids (no 65,535-parameter limit). */
const intArray = (ids: number[]) => `{${ids.join(',')}}`;

/**
 * Leases up to `limit` configs that need the job: a passed slot, a retry that is due, or a
 * missing slot. SKIP LOCKED plus the `leased_until` mark keep other workers off them for
 * `leaseMs`, long enough to render and send; a crashed worker's lease simply runs out.
 */
export async function leaseDueConfigs(db: DbOrTx, now: Date, leaseMs: number, limit: number) {
  const until = new Date(now.getTime() + leaseMs);
  const result = await db.execute<{ id: number }>(sql`
    update ${digestConfigs} set leased_until = ${until.toISOString()}
    where id in (
      select id from ${digestConfigs}
      where (retry_at <= ${now.toISOString()}
             or (retry_at is null and is_active
                 and (next_slot_at is null or next_slot_at <= ${now.toISOString()})))
        and (leased_until is null or leased_until <= ${now.toISOString()})
      order by coalesce(retry_at, next_slot_at) nulls first, id
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db
    .select({ config: digestConfigs, email: users.email })
    .from(digestConfigs)
    .innerJoin(users, eq(users.id, digestConfigs.userId))
    .where(inArray(digestConfigs.id, ids));
}

/** Ends the lease and records what the job decided about the config's next wake-up. */
export async function releaseConfig(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<DigestConfigRow, 'nextSlotAt' | 'retryAt' | 'lastSent'>>,
) {
  await db
    .update(digestConfigs)
    .set({ ...values, leasedUntil: null })
    .where(eq(digestConfigs.id, id));
}

export async function findOpenRun(db: DbOrTx, userId: number) {
  const [row] = await db
    .select()
    .from(digestRuns)
    .where(and(eq(digestRuns.userId, userId), inArray(digestRuns.status, [...OPEN_STATUSES])));
  return row;
}

/** Ids of the user's not-yet-digested mentions of alerts set to email (ids only: small). */
export async function pendingMentionIds(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ id: mentions.id })
    .from(mentions)
    .innerJoin(alerts, eq(alerts.id, mentions.alertId))
    .where(
      and(
        eq(mentions.userId, userId),
        eq(mentions.isIncludedInDigest, false),
        eq(alerts.digestFrequency, 'email'),
      ),
    )
    .orderBy(mentions.id);
  return rows.map((r) => r.id);
}

/** The newest `limit` of the given mentions, with their alert's keyword. */
export async function listedMentions(db: DbOrTx, userId: number, ids: number[], limit: number) {
  return db
    .select({
      id: mentions.id,
      keyword: alerts.keyword,
      subreddit: mentions.subreddit,
      title: mentions.title,
      body: mentions.body,
      permalink: mentions.permalink,
      author: mentions.author,
      score: mentions.score,
      commentCount: mentions.commentCount,
      isComment: mentions.isComment,
      redditCreatedAt: mentions.redditCreatedAt,
    })
    .from(mentions)
    .innerJoin(alerts, eq(alerts.id, mentions.alertId))
    .where(and(eq(mentions.userId, userId), sql`${mentions.id} = any(${intArray(ids)}::int[])`))
    .orderBy(desc(mentions.redditCreatedAt), desc(mentions.id))
    .limit(limit);
}

export async function countByKeyword(db: DbOrTx, userId: number, ids: number[]) {
  const rows = await db
    .select({ keyword: alerts.keyword, count: sql<number>`count(*)::int` })
    .from(mentions)
    .innerJoin(alerts, eq(alerts.id, mentions.alertId))
    .where(and(eq(mentions.userId, userId), sql`${mentions.id} = any(${intArray(ids)}::int[])`))
    .groupBy(alerts.keyword);
  return new Map(rows.map((r) => [r.keyword, Number(r.count)]));
}

export async function insertRun(db: DbOrTx, values: typeof digestRuns.$inferInsert) {
  const [row] = await db.insert(digestRuns).values(values).returning();
  return row;
}

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
            eq(mentions.userId, run.userId),
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
        html: null,
        textBody: null,
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
        html: null,
        textBody: null,
      })
      .where(eq(digestRuns.id, run.id));
    await releaseConfig(tx, config.id, {
      retryAt: null,
      ...(values.nextSlotAt ? { nextSlotAt: values.nextSlotAt } : {}),
    });
  });
}
