import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { alerts, digestRuns, liveAlert, mentions, workspaceMembers } from '../../db/schema';
import { mentionContentColumns } from '../../mentions';
import { intArray, tsArray } from './sql-arrays';

// The mentions a digest lists and counts, batched like run-batch-repo.ts (one round trip per
// leased batch); send-run.ts uses the same queries for a single run. A person's digest reads
// their personal workspace, whose id is theirs (decision 031), by its not-yet-digested flag, and
// each team workspace they are a member of by time: what it stored since they joined or since
// their last digest was sent (the flag is its owner's).

/**
 * Per user, the ids of their not-yet-digested mentions of email alerts. An instant email's
 * users (`instantSince`, with where each one's window starts) get only the mentions of their
 * live keywords stored since then: never one of a keyword paused or switched off meanwhile,
 * never one older than the previous send.
 */
export async function pendingMentionIdsFor(
  db: DbOrTx,
  userIds: number[],
  instantSince: Map<number, Date> = new Map(),
) {
  const result = await pendingDigestIds(
    db,
    userIds.filter((id) => !instantSince.has(id)),
  );
  for (const [userId, ids] of await pendingInstantIds(db, instantSince)) result.set(userId, ids);
  for (const [userId, ids] of await pendingTeamIds(db, userIds)) {
    result.set(
      userId,
      [...(result.get(userId) ?? []), ...ids].sort((a, b) => a - b),
    );
  }
  return result;
}

/**
 * Per user, the pending ids of the team workspaces they are a member of (not their personal
 * one): its email keywords' mentions stored since they joined, or since their last sent digest.
 */
async function pendingTeamIds(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, number[]>();
  const rows = await db
    .select({
      userId: workspaceMembers.userId,
      ids: sql<number[]>`array_agg(${mentions.id} order by ${mentions.id})`,
    })
    .from(workspaceMembers)
    .innerJoin(mentions, eq(mentions.workspaceId, workspaceMembers.workspaceId))
    .innerJoin(alerts, eq(alerts.id, mentions.alertId))
    .where(
      and(
        sql`${workspaceMembers.userId} = any(${intArray(userIds)}::int[])`,
        ne(workspaceMembers.workspaceId, workspaceMembers.userId),
        eq(mentions.hidden, false),
        eq(alerts.digestFrequency, 'email'),
        liveAlert,
        sql`${mentions.createdAt} > greatest(${workspaceMembers.createdAt}, (
          select max(r.created_at) from digest_runs r
          where r.user_id = ${workspaceMembers.userId} and r.status = 'sent'))`,
      ),
    )
    .groupBy(workspaceMembers.userId);
  return byUser(rows);
}

/** Each user's pending ids, oldest first. */
const idsByUser = {
  userId: mentions.workspaceId,
  ids: sql<number[]>`array_agg(${mentions.id} order by ${mentions.id})`,
};
/** A pending mention: an email alert's, not yet digested, not hidden as likely irrelevant
 * (decision 014: kept, never emailed). */
const pendingForEmail = [
  eq(mentions.isIncludedInDigest, false),
  eq(mentions.hidden, false),
  eq(alerts.digestFrequency, 'email'),
];

const byUser = (rows: { userId: number; ids: number[] }[]) =>
  new Map(rows.map((row) => [row.userId, row.ids.map(Number)]));

async function pendingInstantIds(db: DbOrTx, since: Map<number, Date>) {
  if (since.size === 0) return new Map<number, number[]>();
  const window = sql`unnest(${intArray([...since.keys()])}::int[], ${tsArray([...since.values()])}::timestamptz[]) as instant_window(user_id, since)`;
  const rows = await db
    .select(idsByUser)
    .from(mentions)
    .innerJoin(alerts, eq(alerts.id, mentions.alertId))
    .innerJoin(window, sql`instant_window.user_id = ${mentions.workspaceId}`)
    .where(and(...pendingForEmail, liveAlert, sql`${mentions.createdAt} > instant_window.since`))
    .groupBy(mentions.workspaceId);
  return byUser(rows);
}

/**
 * Per instant user, where the next email's window starts: when their last email sent
 * collected its mentions, else when they chose instant emails (`savedAt`).
 */
export async function instantWindowStarts(
  db: DbOrTx,
  users: { userId: number; savedAt: Date }[],
): Promise<Map<number, Date>> {
  const starts = new Map(users.map((u) => [u.userId, u.savedAt]));
  if (users.length === 0) return starts;
  const rows = await db
    .select({ userId: digestRuns.userId, at: sql<Date | string>`max(${digestRuns.createdAt})` })
    .from(digestRuns)
    .where(
      and(
        sql`${digestRuns.userId} = any(${intArray([...starts.keys()])}::int[])`,
        eq(digestRuns.status, 'sent'),
      ),
    )
    .groupBy(digestRuns.userId);
  for (const row of rows) starts.set(row.userId, new Date(row.at));
  return starts;
}

/** Per user, the ids of their not-yet-digested mentions of email alerts (a digest's). */
async function pendingDigestIds(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, number[]>();
  const rows = await db
    .select(idsByUser)
    .from(mentions)
    .innerJoin(alerts, eq(alerts.id, mentions.alertId))
    .where(and(sql`${mentions.workspaceId} = any(${intArray(userIds)}::int[])`, ...pendingForEmail))
    .groupBy(mentions.workspaceId);
  return byUser(rows);
}

/** Each recipient's mentions as (recipient, mention) rows, for the queries below. */
const recipientsOf = (runs: Map<number, number[]>) => {
  const users = [...runs].flatMap(([userId, ids]) => ids.map(() => userId));
  const ids = [...runs.values()].flat();
  return sql`unnest(${intArray(users)}::int[], ${intArray(ids)}::int[]) as recipient(user_id, mention_id)`;
};

/** Per recipient, the newest `limit` of their run's mentions with their alert's keyword. */
export async function listedMentionsFor(db: DbOrTx, runs: Map<number, number[]>, limit: number) {
  const ranked = db
    .select({
      id: mentions.id,
      userId: sql<number>`recipient.user_id`.as('user_id'),
      keyword: alerts.keyword,
      ...mentionContentColumns,
      rank: sql<number>`row_number() over (partition by recipient.user_id order by ${mentions.redditCreatedAt} desc, ${mentions.id} desc)`.as(
        'rank',
      ),
    })
    .from(mentions)
    .innerJoin(recipientsOf(runs), sql`recipient.mention_id = ${mentions.id}`)
    .innerJoin(alerts, eq(alerts.id, mentions.alertId))
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

export async function countByKeywordFor(db: DbOrTx, runs: Map<number, number[]>) {
  const rows = await db
    .select({
      userId: sql<number>`recipient.user_id`,
      keyword: alerts.keyword,
      count: sql<number>`count(*)::int`,
    })
    .from(mentions)
    .innerJoin(recipientsOf(runs), sql`recipient.mention_id = ${mentions.id}`)
    .innerJoin(alerts, eq(alerts.id, mentions.alertId))
    .groupBy(sql`recipient.user_id`, alerts.keyword);
  const byUser = new Map<number, Map<string, number>>();
  for (const row of rows) {
    let counts = byUser.get(Number(row.userId));
    if (!counts) byUser.set(Number(row.userId), (counts = new Map()));
    counts.set(row.keyword, Number(row.count));
  }
  return byUser;
}
