import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { exclusionCounts, userExclusions } from '../db/schema';

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

/** Adds each user's dropped matches to the day's counter: one statement for all of them. */
export async function addFiltered(db: DbOrTx, counts: Map<number, number>, day: string) {
  if (counts.size === 0) return;
  await db
    .insert(exclusionCounts)
    .values([...counts].map(([workspaceId, filtered]) => ({ workspaceId, day, filtered })))
    .onConflictDoUpdate({
      target: [exclusionCounts.workspaceId, exclusionCounts.day],
      set: { filtered: sql`${exclusionCounts.filtered} + excluded.filtered` },
    });
}
