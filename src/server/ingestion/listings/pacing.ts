/** When a listing is read again (decision record 005, "Pacing"). Pure. */

const PAGE_ITEMS = 100;
const MIN_INTERVAL_MS = 500;

/** A backstop listing is read often enough to stay within this share of Reddit's window. */
const BACKSTOP_WINDOW_ITEMS = 900;

/**
 * When to read a listing again: when the new items expected at its observed rate fill its
 * pages, at the latest after REDDIT_POLL_SECONDS, and at once while it is behind. A read starts
 * `rereadItems` behind the cursor (late items, decision record 005), so a busy listing waits for
 * several pages' worth (as many as a poll interval brings, up to `maxPages`): the re-read is
 * then a small share of its pages. A backstop (a subreddit listing while r/all is read too, for
 * subreddits r/all may not carry) is only kept complete: read after five poll intervals, sooner
 * only if its window would fill.
 */
export function nextInterval(
  itemsPerMinute: number,
  caughtUp: boolean,
  pollSeconds: number,
  backstop = false,
  reread: { items: number; maxPages: number } = { items: 0, maxPages: 1 },
) {
  if (!caughtUp) return 0;
  // A backstop may wait five poll intervals: it serves subreddits r/all has not shown lately.
  const longest = pollSeconds * 1000 * (backstop ? 5 : 1);
  if (itemsPerMinute <= 0) return longest;
  const perPoll = (itemsPerMinute / 60) * pollSeconds;
  const pages = Math.min(
    reread.maxPages,
    Math.max(1, Math.floor((perPoll + reread.items) / PAGE_ITEMS)),
  );
  // 10 short of full, so that the last page is seldom a few items over.
  const target = Math.max(PAGE_ITEMS - reread.items, pages * PAGE_ITEMS - reread.items - 10);
  const untilFull = ((backstop ? BACKSTOP_WINDOW_ITEMS : target) / itemsPerMinute) * 60_000;
  return Math.round(Math.min(longest, Math.max(MIN_INTERVAL_MS, untilFull)));
}
