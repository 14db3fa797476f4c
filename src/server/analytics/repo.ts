import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  alerts,
  analyticsTops,
  itemHourlyCounts,
  mentionHourlyCounts,
  mentions,
} from '../db/schema';

const timestamps = (bounds: Date[]) =>
  sql`array[${sql.join(
    bounds.map((b) => sql`${b.toISOString()}`),
    sql`, `,
  )}]::timestamptz[]`;

const inPeriod = (
  table: typeof mentionHourlyCounts | typeof itemHourlyCounts,
  workspaceId: number,
  bounds: Date[],
) =>
  and(
    eq(table.workspaceId, workspaceId),
    gte(table.hour, bounds[0]),
    lt(table.hour, bounds.at(-1)!),
  );

/**
 * Mentions per keyword and local day, where day i (1-based) is the hours in
 * [bounds[i-1], bounds[i]): the local midnights come from the caller, so the database needs no
 * time zone data. Read from the hourly counts (one row per hour and keyword), never from the
 * mentions themselves.
 */
export function mentionsPerDay(db: DbOrTx, workspaceId: number, bounds: Date[]) {
  const perDay = db
    .select({
      alertId: mentionHourlyCounts.alertId,
      bucket: sql<number>`width_bucket(${mentionHourlyCounts.hour}, ${timestamps(bounds)})`.as(
        'bucket',
      ),
      mentions: sql<number>`sum(${mentionHourlyCounts.mentions})`.as('mentions'),
    })
    .from(mentionHourlyCounts)
    .where(inPeriod(mentionHourlyCounts, workspaceId, bounds))
    // By position: the bucket expression carries its own parameters, so it cannot be repeated.
    .groupBy(sql`1, 2`)
    .as('per_day');
  return db
    .select({
      alertId: perDay.alertId,
      keyword: alerts.keyword,
      bucket: sql<number>`${perDay.bucket}`.mapWith(Number),
      mentions: sql<number>`${perDay.mentions}`.mapWith(Number),
    })
    .from(perDay)
    .innerJoin(alerts, eq(alerts.id, perDay.alertId))
    .where(sql`${perDay.mentions} > 0`)
    .orderBy(perDay.bucket, desc(perDay.mentions), perDay.alertId);
}

/** Items (each counted once) per site in the period, most first. */
export function itemsBySource(db: DbOrTx, workspaceId: number, bounds: Date[]) {
  const items = sql<number>`sum(${itemHourlyCounts.items})`.mapWith(Number);
  return db
    .select({ source: itemHourlyCounts.source, mentions: items })
    .from(itemHourlyCounts)
    .where(inPeriod(itemHourlyCounts, workspaceId, bounds))
    .groupBy(itemHourlyCounts.source)
    .having(sql`sum(${itemHourlyCounts.items}) > 0`)
    .orderBy(desc(items), itemHourlyCounts.source);
}

/** The period's visible mentions, from the feed's index: the top lists of a small workspace. */
const periodMentions = (workspaceId: number, since: Date, until: Date) =>
  and(
    eq(mentions.workspaceId, workspaceId),
    gte(mentions.redditCreatedAt, since),
    lt(mentions.redditCreatedAt, until),
    eq(mentions.hidden, false),
  );

/** The communities and authors with most items in the period, `limit` of each. */
export async function topsOf(db: DbOrTx, workspaceId: number, bounds: Date[], limit: number) {
  const where = periodMentions(workspaceId, bounds[0], bounds.at(-1)!);
  const items = sql<number>`count(distinct ${mentions.itemId})`.mapWith(Number);
  const [communities, authors] = await Promise.all([
    db
      .select({ source: mentions.source, community: mentions.community, mentions: items })
      .from(mentions)
      .where(and(where, sql`${mentions.community} <> ''`))
      .groupBy(mentions.source, mentions.community)
      .orderBy(desc(items), mentions.community)
      .limit(limit),
    db
      .select({ source: mentions.source, author: mentions.author, mentions: items })
      .from(mentions)
      .where(and(where, sql`${mentions.author} not in ('', '[deleted]')`))
      .groupBy(mentions.source, mentions.author)
      .orderBy(desc(items), mentions.author)
      .limit(limit),
  ]);
  return { communities, authors };
}

/**
 * The replies to the period's items: how many items were replied (by hand or seen), the median
 * minutes from post to reply, and what the replies Earshot saw earned. From the covering partial
 * index of replied mentions (mentions_replied_figures_idx, migration 0028), one row per item.
 */
export async function replyFigures(db: DbOrTx, workspaceId: number, bounds: Date[]) {
  const replied = db
    .selectDistinctOn([mentions.itemId], {
      postedAt: mentions.redditCreatedAt,
      repliedAt: mentions.repliedAt,
      replyItemId: mentions.replyItemId,
      replyScore: mentions.replyScore,
      replyReplies: mentions.replyReplies,
    })
    .from(mentions)
    .where(
      and(periodMentions(workspaceId, bounds[0], bounds.at(-1)!), eq(mentions.hasReplied, true)),
    )
    .orderBy(mentions.itemId, mentions.repliedAt)
    .as('replied');
  const [row] = await db
    .select({
      replied: sql<number>`count(*)`.mapWith(Number),
      medianMinutes: sql<number | null>`percentile_cont(0.5) within group (order by
        extract(epoch from ${replied.repliedAt} - ${replied.postedAt}) / 60)
        filter (where ${replied.repliedAt} >= ${replied.postedAt})`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
      detected: sql<number>`count(${replied.replyItemId})`.mapWith(Number),
      score: sql<number>`coalesce(sum(${replied.replyScore}), 0)`.mapWith(Number),
      replies: sql<number>`coalesce(sum(${replied.replyReplies}), 0)`.mapWith(Number),
    })
    .from(replied);
  return row;
}

export type TopLists = Awaited<ReturnType<typeof topsOf>>;

export async function storedTops(db: DbOrTx, workspaceId: number, days: number) {
  const [row] = await db
    .select()
    .from(analyticsTops)
    .where(and(eq(analyticsTops.workspaceId, workspaceId), eq(analyticsTops.days, days)));
  return (
    row && {
      computedAt: row.computedAt,
      tops: { communities: row.communities, authors: row.authors } as TopLists,
    }
  );
}

export async function storeTops(
  db: DbOrTx,
  workspaceId: number,
  days: number,
  computedAt: Date,
  tops: TopLists,
) {
  const values = { computedAt, communities: tops.communities, authors: tops.authors };
  await db
    .insert(analyticsTops)
    .values({ workspaceId, days, ...values })
    .onConflictDoUpdate({ target: [analyticsTops.workspaceId, analyticsTops.days], set: values });
}
