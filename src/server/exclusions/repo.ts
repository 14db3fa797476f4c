import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { exclusionCounts, userExclusions } from '../db/schema';

export type ExclusionLists = { subreddits: string[]; authors: string[] };

/** The UTC day a counter row is kept under (`YYYY-MM-DD`). */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

export async function findExclusions(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ subreddits: userExclusions.subreddits, authors: userExclusions.authors })
    .from(userExclusions)
    .where(eq(userExclusions.userId, userId));
  return row;
}

export async function saveExclusions(
  db: DbOrTx,
  userId: number,
  lists: ExclusionLists,
  now: Date,
): Promise<ExclusionLists> {
  const [row] = await db
    .insert(userExclusions)
    .values({ userId, ...lists, updatedAt: now })
    .onConflictDoUpdate({ target: userExclusions.userId, set: { ...lists, updatedAt: now } })
    .returning({ subreddits: userExclusions.subreddits, authors: userExclusions.authors });
  return row;
}

/** The users' lists, for those who have any (one query for a whole page of matches). */
export function exclusionsOfUsers(db: DbOrTx, userIds: number[]) {
  return db
    .select({
      userId: userExclusions.userId,
      subreddits: userExclusions.subreddits,
      authors: userExclusions.authors,
    })
    .from(userExclusions)
    .where(
      and(
        inArray(userExclusions.userId, userIds),
        // An emptied pair of lists is the same as none.
        sql`(cardinality(${userExclusions.subreddits}) > 0 or cardinality(${userExclusions.authors}) > 0)`,
      ),
    );
}

export async function filteredOn(db: DbOrTx, userId: number, day: string) {
  const [row] = await db
    .select({ filtered: exclusionCounts.filtered })
    .from(exclusionCounts)
    .where(and(eq(exclusionCounts.userId, userId), eq(exclusionCounts.day, day)));
  return row?.filtered ?? 0;
}

/** Adds each user's dropped matches to the day's counter: one statement for all of them. */
export async function addFiltered(db: DbOrTx, counts: Map<number, number>, day: string) {
  if (counts.size === 0) return;
  await db
    .insert(exclusionCounts)
    .values([...counts].map(([userId, filtered]) => ({ userId, day, filtered })))
    .onConflictDoUpdate({
      target: [exclusionCounts.userId, exclusionCounts.day],
      set: { filtered: sql`${exclusionCounts.filtered} + excluded.filtered` },
    });
}
