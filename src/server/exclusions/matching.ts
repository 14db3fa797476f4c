import type { DbOrTx } from '../db/client';
import * as repo from './repo';

/** Who a match is for and what it is: the fields global exclusions look at. */
export type ExclusionSubject = {
  workspaceId: number;
  subreddit: string;
  author: string;
  /** Whether dropping it counts as filtered (a match still waiting for its score does not). */
  counted: boolean;
  /** The match, counted once however often its page is read. */
  alertId: number;
  itemId: string;
};

/**
 * The matches none of whose users excluded their subreddit or author (Reddit's names compare
 * case-insensitively; the lists keep the case the user typed). One query loads every involved user's
 * lists and one statement adds the dropped ones to today's counters, whatever the page's size:
 * ingestion calls this inside the transaction that stores the page.
 */
export async function dropExcluded<T>(
  tx: DbOrTx,
  matches: T[],
  subjectOf: (match: T) => ExclusionSubject,
  now: Date,
): Promise<T[]> {
  if (matches.length === 0) return matches;
  const workspaceIds = [...new Set(matches.map((m) => subjectOf(m).workspaceId))];
  const rows = await repo.exclusionsOfUsers(tx, workspaceIds);
  if (rows.length === 0) return matches;
  const lists = new Map(
    rows.map((row) => [
      row.workspaceId,
      {
        subreddits: new Set(row.subreddits.map((name) => name.toLowerCase())),
        authors: new Set(row.authors.map((name) => name.toLowerCase())),
      },
    ]),
  );
  const filtered: repo.FilteredMatch[] = [];
  const kept = matches.filter((match) => {
    const subject = subjectOf(match);
    const excluded = lists.get(subject.workspaceId);
    if (
      !excluded ||
      (!excluded.subreddits.has(subject.subreddit.toLowerCase()) &&
        !excluded.authors.has(subject.author.toLowerCase()))
    ) {
      return true;
    }
    if (subject.counted) filtered.push(subject);
    return false;
  });
  await repo.addFiltered(tx, filtered, repo.utcDay(now));
  return kept;
}
