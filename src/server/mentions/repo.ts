import type { SourceName } from '@shared/sources';
import { and, desc, eq, gte, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { alerts, mentions, users, workspaceMembers } from '../db/schema';

// The workspace's mentions of the same item as the row at hand (matched by others of their
// keywords), as `same_item`. Written out: Drizzle drops table names inside a select list. Ids
// of different sites never look alike (t3_…, digits, Lobsters short ids, at:// URIs), so the
// item id alone keeps to the index on (user, item).
const SAME_ITEM = `mentions same_item where same_item.workspace_id = "mentions"."workspace_id" and same_item.item_id = "mentions"."item_id"`;

/** What a mention shows wherever it is listed: the dashboard, the CSV, a digest. */
export const mentionContentColumns = {
  source: mentions.source,
  subreddit: mentions.subreddit,
  community: mentions.community,
  title: mentions.title,
  body: mentions.body,
  permalink: mentions.permalink,
  author: mentions.author,
  score: mentions.score,
  commentCount: mentions.commentCount,
  isComment: mentions.isComment,
  redditCreatedAt: mentions.redditCreatedAt,
};

/** A member's email by id, as a subquery per returned row (like `keyword` below). */
function personEmail(column: typeof mentions.repliedByUserId | typeof mentions.assignedToUserId) {
  return sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${column})`;
}

/** What leaves the server about a mention (the response schema is the allowlist). */
const columns = {
  id: mentions.id,
  alertId: mentions.alertId,
  // A subquery per returned row rather than a join: the plan stays "walk the feed index and
  // stop at the limit" (a join lets the planner hash every mention of the user first).
  keyword: sql<string>`(select ${alerts.keyword} from ${alerts} where ${alerts.id} = ${mentions.alertId})`,
  // Every keyword of the user's that matched the item, the first stored first (decision 025).
  keywords: sql<
    string[]
  >`(select array_agg(a.keyword order by same_item.id) from alerts a join ${sql.raw(SAME_ITEM.replace(' where ', ' on a.id = same_item.alert_id where '))})`,
  ...mentionContentColumns,
  createdAt: mentions.createdAt,
  matchedKeyword: mentions.matchedKeyword,
  isRead: mentions.isRead,
  hasReplied: mentions.hasReplied,
  repliedByUserId: mentions.repliedByUserId,
  repliedByEmail: personEmail(mentions.repliedByUserId),
  repliedAt: mentions.repliedAt,
  assignedToUserId: mentions.assignedToUserId,
  assignedToEmail: personEmail(mentions.assignedToUserId),
  replyPermalink: mentions.replyPermalink,
  replyCreatedAt: mentions.replyCreatedAt,
  replyScore: mentions.replyScore,
  replyReplies: mentions.replyReplies,
  replyRemovedAt: mentions.replyRemovedAt,
  isBackfilled: mentions.isBackfilled,
  removedAt: mentions.removedAt,
  hidden: mentions.hidden,
  feedback: mentions.feedback,
};
export type MentionRow = Awaited<ReturnType<typeof findOwnedMention>> & {};

export type FeedFilters = {
  alertId?: number;
  subreddit?: string;
  source?: SourceName;
  replied?: boolean;
  /** A member's id, or null: nobody's. */
  assignee?: number | null;
  /** Reddit time from this instant on (inclusive). */
  since?: Date;
  /** Hidden mentions (decision 014): left out by default. */
  hidden?: 'include' | 'only';
};

/** A position in the feed: the last item seen, by (redditCreatedAt, id) descending. */
export type FeedPosition = { at: Date; id: number };

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function feedWhere(workspaceId: number, filters: FeedFilters, after?: FeedPosition) {
  const where: SQL[] = [eq(mentions.workspaceId, workspaceId)];
  if (filters.alertId !== undefined) where.push(eq(mentions.alertId, filters.alertId));
  if (filters.subreddit) {
    where.push(ilike(mentions.subreddit, `%${likeEscape(filters.subreddit)}%`));
  }
  if (filters.source) where.push(eq(mentions.source, filters.source));
  if (filters.replied !== undefined) where.push(eq(mentions.hasReplied, filters.replied));
  if (filters.assignee !== undefined) {
    where.push(
      filters.assignee === null
        ? isNull(mentions.assignedToUserId)
        : eq(mentions.assignedToUserId, filters.assignee),
    );
  }
  if (filters.since) where.push(gte(mentions.redditCreatedAt, filters.since));
  if (filters.hidden !== 'include') where.push(eq(mentions.hidden, filters.hidden === 'only'));
  // An item matched by several of the user's keywords is listed once, as its first mention
  // that the filters show; one keyword's list shows its own mention of it.
  if (filters.alertId === undefined) {
    const shown =
      filters.hidden === 'include'
        ? sql``
        : sql` and same_item.hidden = ${filters.hidden === 'only'}`;
    where.push(
      sql`not exists (select 1 from ${sql.raw(SAME_ITEM)} and same_item.id < "mentions"."id"${shown})`,
    );
  }
  if (after) {
    // A row comparison, so that PostgreSQL walks the feed index from the cursor on.
    where.push(
      sql`(${mentions.redditCreatedAt}, ${mentions.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`,
    );
  }
  return and(...where);
}

/** One page of the user's mentions, newest first by Reddit time, then id. */
export function feedPage(
  db: DbOrTx,
  workspaceId: number,
  filters: FeedFilters,
  after: FeedPosition | undefined,
  limit: number,
) {
  return db
    .select(columns)
    .from(mentions)
    .where(feedWhere(workspaceId, filters, after))
    .orderBy(desc(mentions.redditCreatedAt), desc(mentions.id))
    .limit(limit);
}

/** The mention if it belongs to the user; someone else's is as absent as a missing one. */
export async function findOwnedMention(db: DbOrTx, workspaceId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(mentions)
    .where(and(eq(mentions.id, id), eq(mentions.workspaceId, workspaceId)));
  return row;
}

/**
 * Sets read/replied/assignee on the workspace's mention and on its other mentions of the same
 * item (it is one item, listed once); false when there is no such mention.
 */
export async function updateFlags(
  db: DbOrTx,
  workspaceId: number,
  id: number,
  flags: {
    isRead?: true;
    hasReplied?: boolean;
    repliedByUserId?: number | null;
    repliedAt?: Date | null;
    assignedToUserId?: number | null;
  },
) {
  const item = db
    .select({ redditId: mentions.itemId })
    .from(mentions)
    .where(and(eq(mentions.id, id), eq(mentions.workspaceId, workspaceId)));
  const rows = await db
    .update(mentions)
    .set(flags)
    .where(and(eq(mentions.workspaceId, workspaceId), inArray(mentions.itemId, item)))
    .returning({ id: mentions.id });
  return rows.length > 0;
}

/**
 * Mentions found per alert and bucket, where bucket i (1-based) holds what was stored in
 * [bounds[i-1], bounds[i]). The bounds are local midnights computed by the caller, so days
 * follow the user's timezone with its DST changes and need no time zone data in the database.
 * Counted from mentions_user_created_alert_idx alone; the keywords are joined to the counts.
 */
export function countByBucket(db: DbOrTx, workspaceId: number, bounds: Date[]) {
  const list = sql.join(
    bounds.map((b) => sql`${b.toISOString()}`),
    sql`, `,
  );
  const counts = db
    .select({
      alertId: mentions.alertId,
      bucket: sql<number>`width_bucket(${mentions.createdAt}, array[${list}]::timestamptz[])`.as(
        'bucket',
      ),
      count: sql<number>`count(*)`.as('count'),
    })
    .from(mentions)
    .where(
      and(
        eq(mentions.workspaceId, workspaceId),
        gte(mentions.createdAt, bounds[0]),
        sql`${mentions.createdAt} < ${bounds.at(-1)!.toISOString()}::timestamptz`,
      ),
    )
    // By position: the bucket expression carries its own parameters, so it cannot be repeated.
    .groupBy(sql`1, 2`)
    .as('counts');
  return db
    .select({
      alertId: counts.alertId,
      keyword: alerts.keyword,
      bucket: sql<number>`${counts.bucket}`.mapWith(Number),
      count: sql<number>`${counts.count}`.mapWith(Number),
    })
    .from(counts)
    .innerJoin(alerts, eq(alerts.id, counts.alertId));
}

/** Mentions by id, whoever they belong to (the channel deliveries of the worker). */
export function mentionsByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select(columns).from(mentions).where(inArray(mentions.id, ids));
}

/** Whether the user is a member of the workspace (an assignee must be). */
export async function isMember(db: DbOrTx, workspaceId: number, userId: number) {
  const [row] = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row !== undefined;
}

export async function memberEmail(db: DbOrTx, userId: number) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}
