import { and, countDistinct, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { alerts, liveAlert, mentionQuotaSkips, mentions, users } from '../db/schema';

/** Distinct Reddit items among the user's mentions where `where` holds. */
const itemsWhere = (db: DbOrTx, where: SQL | undefined) =>
  sql<number>`(${db
    .select({ n: countDistinct(mentions.itemId) })
    .from(mentions)
    .where(where)})`.mapWith(Number);

/**
 * Every count in one round trip, each from an index: live alerts from alerts_user_id_idx,
 * mentions since a moment from a range of mentions_user_created_idx, replied ones from the
 * partial mentions_user_replied_idx — never a pass over all of a user's mentions. Mentions
 * are counted as items: one stored for two keywords is one (decision 025).
 */
export async function countStats(
  db: DbOrTx,
  workspaceId: number,
  dayStart: Date,
  monthStart: Date,
) {
  const mentionsSince = (since: Date) =>
    itemsWhere(db, and(eq(mentions.workspaceId, workspaceId), gte(mentions.createdAt, since)));
  const [row] = await db
    .select({
      activeAlerts: db.$count(alerts, and(eq(alerts.workspaceId, workspaceId), liveAlert)),
      todayMentions: mentionsSince(dayStart),
      monthMentions: mentionsSince(monthStart),
      repliedCount: itemsWhere(
        db,
        and(eq(mentions.workspaceId, workspaceId), eq(mentions.hasReplied, true)),
      ),
      skippedMentions: sql<number>`coalesce((${db
        .select({ skipped: mentionQuotaSkips.skipped })
        .from(mentionQuotaSkips)
        .where(
          and(
            eq(mentionQuotaSkips.workspaceId, workspaceId),
            eq(mentionQuotaSkips.month, monthStart),
          ),
        )}), 0)`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, workspaceId));
  return row;
}

/**
 * Per live alert, this month's mentions and the span of the live (not backfilled) ones: the
 * pace comes from when they arrived, not from a one-off 7-day search storing 25 at once. Read
 * for quota-limited users only, whose month holds a few dozen mentions.
 */
export async function keywordUsage(db: DbOrTx, workspaceId: number, monthStart: Date) {
  const live = sql`not ${mentions.isBackfilled}`;
  const count = sql<number>`count(*)`.mapWith(Number);
  return db
    .select({
      alertId: alerts.id,
      keyword: alerts.keyword,
      monthMentions: count,
      liveMentions: sql<number>`count(*) filter (where ${live})`.mapWith(Number),
      firstLive: sql<Date | null>`min(${mentions.createdAt}) filter (where ${live})`,
    })
    .from(mentions)
    .innerJoin(alerts, eq(alerts.id, mentions.alertId))
    .where(
      and(eq(mentions.workspaceId, workspaceId), gte(mentions.createdAt, monthStart), liveAlert),
    )
    .groupBy(alerts.id, alerts.keyword)
    .orderBy(desc(count), alerts.id);
}
