import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { alerts, digestConfigs, digestRuns, mentions, users } from '../../db/schema';
import { mentionContentColumns } from '../../mentions';
import type { DigestConfigRow } from './settings-repo';

// The digest job's queries; the settings screen's are in settings-repo.ts (one row type).
export type { DigestConfigRow };
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
        -- No digest to an address nobody verified (docs/decisions/009); the slot waits for it.
        and exists (select 1 from ${users} u where u.id = user_id and u.email_verified_at is not null)
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

// Batched forms: one round trip per leased batch instead of per user, so the database is not
// what limits digests per second (bench/digest.bench.ts).

const tsArray = (dates: Date[]) => `{${dates.map((d) => `"${d.toISOString()}"`).join(',')}}`;

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

/** Per user, the ids of their not-yet-digested mentions of email alerts. */
export async function pendingMentionIdsFor(db: DbOrTx, userIds: number[]) {
  const result = new Map<number, number[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({
      userId: mentions.userId,
      ids: sql<number[]>`array_agg(${mentions.id} order by ${mentions.id})`,
    })
    .from(mentions)
    .innerJoin(alerts, eq(alerts.id, mentions.alertId))
    .where(
      and(
        sql`${mentions.userId} = any(${intArray(userIds)}::int[])`,
        eq(mentions.isIncludedInDigest, false),
        // Hidden as likely irrelevant (decision 014): kept, never emailed.
        eq(mentions.hidden, false),
        eq(alerts.digestFrequency, 'email'),
      ),
    )
    .groupBy(mentions.userId);
  for (const row of rows) result.set(row.userId, row.ids.map(Number));
  return result;
}

/** Per user, the newest `limit` of the given mentions with their alert's keyword. */
export async function listedMentionsFor(db: DbOrTx, ids: number[], limit: number) {
  const ranked = db
    .select({
      id: mentions.id,
      userId: mentions.userId,
      keyword: alerts.keyword,
      ...mentionContentColumns,
      rank: sql<number>`row_number() over (partition by ${mentions.userId} order by ${mentions.redditCreatedAt} desc, ${mentions.id} desc)`.as(
        'rank',
      ),
    })
    .from(mentions)
    .innerJoin(alerts, eq(alerts.id, mentions.alertId))
    .where(sql`${mentions.id} = any(${intArray(ids)}::int[])`)
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${limit}`)
    .orderBy(ranked.userId, ranked.rank);
  const byUser = new Map<number, (typeof rows)[number][]>();
  for (const row of rows) {
    const list = byUser.get(row.userId);
    if (list) list.push(row);
    else byUser.set(row.userId, [row]);
  }
  return byUser;
}

export async function countByKeywordFor(db: DbOrTx, ids: number[]) {
  const rows = await db
    .select({
      userId: mentions.userId,
      keyword: alerts.keyword,
      count: sql<number>`count(*)::int`,
    })
    .from(mentions)
    .innerJoin(alerts, eq(alerts.id, mentions.alertId))
    .where(sql`${mentions.id} = any(${intArray(ids)}::int[])`)
    .groupBy(mentions.userId, alerts.keyword);
  const byUser = new Map<number, Map<string, number>>();
  for (const row of rows) {
    let counts = byUser.get(row.userId);
    if (!counts) byUser.set(row.userId, (counts = new Map()));
    counts.set(row.keyword, Number(row.count));
  }
  return byUser;
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

/** Ends leases, moving each config's next slot (slots that passed with nothing to send). */
export async function releaseWithSlots(
  db: DbOrTx,
  entries: { configId: number; nextSlotAt: Date }[],
  extra: { lastSent?: Date } = {},
) {
  if (entries.length === 0) return;
  await db.execute(sql`
    update ${digestConfigs} c
    set next_slot_at = v.next_slot_at, retry_at = null, leased_until = null
        ${extra.lastSent ? sql`, last_sent = ${extra.lastSent.toISOString()}` : sql``}
    from (select unnest(${intArray(entries.map((e) => e.configId))}::int[]) as id,
                 unnest(${tsArray(entries.map((e) => e.nextSlotAt))}::timestamptz[]) as next_slot_at) v
    where c.id = v.id`);
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

/**
 * Drops finished runs older than `before`, keeping each user's newest one (the Notifications
 * tab shows it): the table stays about one row per user plus the last few months.
 */
export async function pruneRuns(db: DbOrTx, before: Date, limit = 5000) {
  await db.execute(sql`
    delete from ${digestRuns} where id in (
      select r.id from ${digestRuns} r
      where r.created_at < ${before.toISOString()}
        and r.status not in ('pending', 'retry', 'sending')
        and exists (select 1 from ${digestRuns} n
                    where n.user_id = r.user_id and n.created_at > r.created_at
                      and n.status not in ('pending', 'retry', 'sending'))
      limit ${limit})`);
}
