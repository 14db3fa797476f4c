import type { RedditItem } from '../../reddit';
import { markSeenInAll } from './listing-repo';
import type { PollDeps } from './turn-types';

const MARK_EVERY_MS = 3600_000;

/** Remembers which subreddits r/all carries (the planner then skips their own listings). */
export async function noteSubredditsInAll(deps: PollDeps, items: RedditItem[], now: Date) {
  const marks = deps.seenInAll;
  const due = [...new Set(items.map((item) => item.subreddit.toLowerCase()))].filter(
    (name) => now.getTime() - (marks.get(name) ?? 0) >= MARK_EVERY_MS,
  );
  if (due.length === 0) return;
  await markSeenInAll(deps.db, due, now);
  for (const name of due) marks.set(name, now.getTime());
}
