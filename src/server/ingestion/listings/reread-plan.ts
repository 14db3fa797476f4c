/**
 * How far behind its cursor each read starts (decision record 005, "Late items"), from the
 * budget and the listings' observed rates. Pure.
 *
 * Reddit shows a late item a few dozen items below the newest; a read that starts `depth` items
 * behind the cursor finds it. The re-read costs a busy listing pages (its reads hold `depth`
 * old items each), so the depth is the largest the budget carries: the pages every listing
 * needs at its pace, with that depth, must fit in the window less a margin. Where nothing
 * fits (a firehose near the client's limit), reads start at the cursor and only the late items
 * that enter above it are found: the bigger a busy listing's turns, the more of them.
 */
import { nextInterval } from './pacing';

export const REREAD = {
  /** 45 (the deepest late item measured below r/all's newest) plus the items that arrive while a page is fetched. */
  maxItems: 60,
  /** Depths tried, deepest first. */
  step: 15,
  pageItems: 100,
  /** Kept free for retries, re-checks and the rate's swings. */
  margin: 0.03,
  /**
   * The poll interval the plan counts quiet listings at: a short REDDIT_POLL_SECONDS reads
   * sooner for latency, and those reads give way when the budget is short.
   */
  minPollSeconds: 30,
} as const;

/** Pages a minute a listing needs at `rate` items a minute, its reads starting `depth` back. */
export function pagesPerMinute(
  itemsPerMinute: number,
  depth: number,
  pollSeconds: number,
  maxPages: number,
) {
  const poll = Math.max(pollSeconds, REREAD.minPollSeconds);
  const interval = nextInterval(itemsPerMinute, true, poll, false, { items: depth, maxPages });
  const items = Math.max(0, (itemsPerMinute * interval) / 60_000);
  return (60_000 / interval) * Math.max(1, Math.ceil((items + depth) / REREAD.pageItems));
}

/** The deepest re-read (a multiple of `step`, at most `maxItems`) the budget carries; 0 if none. */
export function rereadDepth(
  rates: readonly number[],
  budgetPagesPerMinute: number,
  pollSeconds: number,
  maxPages: number,
) {
  const allowed = budgetPagesPerMinute * (1 - REREAD.margin);
  for (let depth: number = REREAD.maxItems; depth > 0; depth -= REREAD.step) {
    const needed = rates.reduce(
      (sum, rate) => sum + pagesPerMinute(rate, depth, pollSeconds, maxPages),
      0,
    );
    if (needed <= allowed) return depth;
  }
  return 0;
}
