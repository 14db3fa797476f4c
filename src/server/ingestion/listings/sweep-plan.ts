/**
 * How far behind its cursor each listing is re-read for items Reddit inserted late, and how
 * often, from the budget the live reads leave (decision record 005, "Late items"). Pure.
 *
 * Reddit places a late item by its creation time, below the items created after it, and serves
 * only the newest ~1,000 of a listing. A pass that reads back from the cursor over a span H of
 * creation time, started every P, finds every item inserted up to H − P late: one inserted just
 * after a pass started is read by the next one if it was created within H of that one's start.
 * H is at most the time Reddit's window spans at the listing's rate (1,000 items ÷ rate); P is
 * what the budget allows for the pages all passes take.
 */

export const SWEEP = {
  /** Items Reddit keeps reachable per listing. */
  windowItems: 1000,
  pageItems: 100,
  /** Never looks further back than this, however quiet the listing. */
  maxHorizonMs: 60 * 60_000,
  /** Passes no closer together than this. */
  minPeriodMs: 20_000,
  /** A late item should be found within this (the longest period). */
  maxPeriodMs: 4 * 60_000,
  /** A listing whose passes would reach back less than this is not swept at all. */
  minCheckBackMs: 30_000,
  /** Items per page a live listing is counted at when its need is estimated. */
  livePageItems: 90,
  /** Reads per minute counted for a quiet listing (one every 30 s). */
  quietReadsPerMinute: 2,
  /** Kept free for retries, re-checks and the rate's swings. */
  margin: 0.12,
  /** Sweeps never take more than this share of the window. */
  maxShare: 0.6,
} as const;

export type SweptListing = { id: number; itemsPerMinute: number };

export type ListingSweep = {
  /** How long between the starts of two passes. */
  periodMs: number;
  /** Creation time a pass reads back over, from its start. */
  horizonMs: number;
  /** Pages a pass is expected to read at the listing's rate (its cost; it reads to its horizon). */
  pages: number;
  /** Items inserted up to this late are found (horizon − period). */
  checkedBackMs: number;
};

/**
 * The share of each window the sweeps may take: what the live listings leave when each reads
 * in nearly full pages (a quiet one twice a minute), less a margin. Reads made sooner than that
 * for latency (a short REDDIT_POLL_SECONDS) give way to the sweeps: they only shorten delays.
 */
export function sweepShare(listings: readonly SweptListing[], allowedPerMinute: number) {
  if (allowedPerMinute <= 0) return 0;
  const live = listings.reduce(
    (sum, l) => sum + Math.max(l.itemsPerMinute / SWEEP.livePageItems, SWEEP.quietReadsPerMinute),
    0,
  );
  const left = 1 - SWEEP.margin - live / allowedPerMinute;
  return Math.min(SWEEP.maxShare, Math.max(0, left));
}

/** What one pass of a listing reads: back to its horizon, in whole pages. */
function passOf(listing: SweptListing) {
  const perMs = listing.itemsPerMinute / 60_000;
  const windowMs = perMs > 0 ? SWEEP.windowItems / perMs : Infinity;
  const horizonMs = Math.min(windowMs, SWEEP.maxHorizonMs);
  const items = perMs > 0 ? perMs * horizonMs : 0;
  const pages = Math.min(
    SWEEP.windowItems / SWEEP.pageItems,
    Math.max(1, Math.ceil(items / SWEEP.pageItems)),
  );
  return { horizonMs, pages };
}

/**
 * One period for every swept listing, as short as `pagesPerMinute` allows for all their passes;
 * a listing whose window is too short for that period to leave `minCheckBackMs` is dropped (its
 * pages go to the others), and so, most expensive first, until the period is at most
 * `maxPeriodMs`. Listings left out are not swept (no entry).
 */
export function planSweeps(
  listings: readonly SweptListing[],
  pagesPerMinute: number,
  minPeriodMs: number = SWEEP.minPeriodMs,
): Map<number, ListingSweep> {
  const plan = new Map<number, ListingSweep>();
  if (pagesPerMinute <= 0) return plan;
  let candidates = listings.map((l) => ({ id: l.id, ...passOf(l) }));
  for (;;) {
    if (candidates.length === 0) return plan;
    const pages = candidates.reduce((sum, c) => sum + c.pages, 0);
    const periodMs = Math.max(minPeriodMs, (pages / pagesPerMinute) * 60_000);
    // The shallowest first: dropping it may shorten the period enough for the others.
    const shallowest = candidates.reduce((a, b) => (b.horizonMs < a.horizonMs ? b : a));
    if (shallowest.horizonMs - periodMs < SWEEP.minCheckBackMs) {
      candidates = candidates.filter((c) => c !== shallowest);
      continue;
    }
    if (periodMs > SWEEP.maxPeriodMs) {
      const costliest = candidates.reduce((a, b) => (b.pages > a.pages ? b : a));
      candidates = candidates.filter((c) => c !== costliest);
      continue;
    }
    for (const c of candidates) {
      plan.set(c.id, {
        periodMs,
        horizonMs: c.horizonMs,
        pages: c.pages,
        checkedBackMs: c.horizonMs - periodMs,
      });
    }
    return plan;
  }
}
