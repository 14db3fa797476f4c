import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { exclusionCounts, exclusionFilteredMatches, userExclusions } from '../db/schema';

export type ExclusionLists = { subreddits: string[]; authors: string[] };

/** The UTC day a counter row is kept under (`YYYY-MM-DD`). */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

export async function findExclusions(db: DbOrTx, workspaceId: number) {
  const [row] = await db
    .select({ subreddits: userExclusions.subreddits, authors: userExclusions.authors })
    .from(userExclusions)
    .where(eq(userExclusions.workspaceId, workspaceId));
  return row;
}

export async function saveExclusions(
  db: DbOrTx,
  workspaceId: number,
  lists: ExclusionLists,
  now: Date,
): Promise<ExclusionLists> {
  const [row] = await db
    .insert(userExclusions)
    .values({ workspaceId, ...lists, updatedAt: now })
    .onConflictDoUpdate({ target: userExclusions.workspaceId, set: { ...lists, updatedAt: now } })
    .returning({ subreddits: userExclusions.subreddits, authors: userExclusions.authors });
  return row;
}

/** The users' lists, for those who have any (one query for a whole page of matches). */
export function exclusionsOfUsers(db: DbOrTx, workspaceIds: number[]) {
  return db
    .select({
      workspaceId: userExclusions.workspaceId,
      subreddits: userExclusions.subreddits,
      authors: userExclusions.authors,
    })
    .from(userExclusions)
    .where(
      and(
        inArray(userExclusions.workspaceId, workspaceIds),
        // An emptied pair of lists is the same as none.
        sql`(cardinality(${userExclusions.subreddits}) > 0 or cardinality(${userExclusions.authors}) > 0)`,
      ),
    );
}

export async function filteredOn(db: DbOrTx, workspaceId: number, day: string) {
  const [row] = await db
    .select({ filtered: exclusionCounts.filtered })
    .from(exclusionCounts)
    .where(and(eq(exclusionCounts.workspaceId, workspaceId), eq(exclusionCounts.day, day)));
  return row?.filtered ?? 0;
}

export type FilteredMatch = { workspaceId: number; alertId: number; itemId: string };

/**
 * Adds each user's dropped matches to the day's counter, each match once however often its
 * page is read (listings overlap), and prunes the matches older than yesterday: one statement.
 */
export async function addFiltered(db: DbOrTx, matches: FilteredMatch[], day: string) {
  if (matches.length === 0) return;
  const rows = sql.join(
    matches.map((m) => sql`(${m.alertId}::int, ${m.itemId}::text, ${m.workspaceId}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    with recorded as (
      insert into ${exclusionFilteredMatches} (alert_id, item_id, workspace_id, day)
      select alert_id, item_id, workspace_id, ${day}::date
      from (values ${rows}) as m (alert_id, item_id, workspace_id)
      on conflict do nothing
      returning workspace_id
    ), pruned as (
      delete from ${exclusionFilteredMatches} where day < ${day}::date - 1
    )
    insert into ${exclusionCounts} (workspace_id, day, filtered)
    select workspace_id, ${day}::date, count(*) from recorded group by workspace_id
    on conflict (workspace_id, day)
    do update set filtered = ${exclusionCounts}.filtered + excluded.filtered`);
}
