import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { alerts, mentions } from '../../db/schema';
import { mentionContentColumns } from '../../mentions';
import { intArray } from './sql-arrays';

// The mentions a digest lists and counts, batched like run-batch-repo.ts (one round trip per
// leased batch); send-run.ts uses the same queries for a single run.

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
