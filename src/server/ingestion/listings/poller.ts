import { RedditError, type RedditFailure } from '../../reddit';
import { listingPath } from './listing-plan';
import {
  isListingBehind,
  isSiteWideRead,
  LeaseLostError,
  leaseDueListing,
  listingRates,
  markAccess,
  splitNames,
  updateLeased,
  type ListingRow,
} from './listing-repo';
import { pollListing } from './poll-listing';
import type { PollDeps, TurnResult } from './turn-types';
import { recordReadFailure } from './read-failure';
import { rereadDepth } from './reread-plan';
import { nextInterval } from './pacing';

const MAX_BACKOFF_MS = 5 * 60_000;

const isInaccessible = (error: unknown): error is RedditError =>
  error instanceof RedditError && (error.failure === 'forbidden' || error.failure === 'not-found');

/** How long the smoothed rate remembers: about a minute of reads. */
const RATE_MEMORY_MS = 60_000;

/**
 * Smoothed items per minute, from the items new since the previous read: weighted by the time
 * the read covers, so that many quick empty reads do not talk a busy listing's rate down.
 */
export function smoothedRate(previous: number, newItems: number, elapsedMs: number) {
  if (elapsedMs <= 0) return previous;
  const observed = (newItems * 60_000) / elapsedMs;
  if (previous === 0) return observed;
  const weight = 1 - Math.exp(-elapsedMs / RATE_MEMORY_MS);
  return previous + (observed - previous) * weight;
}

/**
 * Polls due listings one after another until none is due, `until` passes or `signal` aborts;
 * each under a lease, so several workers share the listings without reading one twice.
 * Returns the number of turns taken.
 */
export async function pollDueListings(
  deps: PollDeps & { onAccessChanged: () => Promise<void> },
  run: { signal?: AbortSignal; until: number },
): Promise<number> {
  const { signal } = run;
  deps = { ...deps, settings: { ...deps.settings, rereadItems: await planReread(deps) } };
  let turns = 0;
  while (!signal?.aborted && deps.clock.now().getTime() < run.until) {
    const listing = await leaseDueListing(
      deps.db,
      deps.owner,
      deps.clock.now(),
      deps.settings.leaseMs,
    );
    if (!listing) break;
    turns++;
    await takeTurn(deps, listing, signal);
  }
  return turns;
}

/**
 * The pages a busy listing waits for: one fewer than a turn may read, so that the turn has a
 * page for the items that arrive while it reads.
 */
const pacedPages = (settings: { maxPagesPerTurn: number }) =>
  Math.max(1, settings.maxPagesPerTurn - 1);

/**
 * How far behind the cursor this run's reads start: the deepest the budget carries at the
 * listings' observed rates (reread-plan.ts), never deeper than the configured depth.
 */
async function planReread(deps: PollDeps) {
  // A listing behind reads at the budget's pace: its observed rate is what it could read, not
  // what arrives, and every page is needed for new items.
  if (await isListingBehind(deps.db, deps.clock.now())) return 0;
  const rates = (await listingRates(deps.db)).map((l) => l.itemsPerMinute);
  const { limit, utilisation, windowMs } = deps.reddit.budget.options;
  const budgetPagesPerMinute = (limit * utilisation * 60_000) / windowMs;
  const { pollSeconds, maxPagesPerTurn, rereadItems } = deps.settings;
  const depth = rereadDepth(
    rates,
    budgetPagesPerMinute,
    pollSeconds,
    pacedPages({ maxPagesPerTurn }),
  );
  return Math.min(rereadItems, depth);
}

async function takeTurn(
  deps: PollDeps & { onAccessChanged: () => Promise<void> },
  listing: ListingRow,
  signal?: AbortSignal,
) {
  try {
    const turn = await pollListing(deps, listing, signal);
    await release(deps, listing, turn);
  } catch (error) {
    if (signal?.aborted) {
      // Stopping: hand the listing back untouched for the next worker.
      await updateLeased(deps.db, listing.id, deps.owner, { leaseOwner: null, leaseUntil: null });
      throw error;
    }
    if (error instanceof LeaseLostError) {
      deps.log.warn({ listing: listing.id }, error.message);
      return;
    }
    if (isInaccessible(error)) {
      await findInaccessible(deps, listing, error, signal);
      await deps.onAccessChanged();
    }
    await recordFailure(deps, listing, error).catch((failure: unknown) =>
      deps.log.error({ err: failure, listing: listing.id }, 'could not record a polling error'),
    );
    if (!(error instanceof RedditError)) throw error;
  }
}

/**
 * The listing's rate. Between two turns that both caught up, the new items arrived during the
 * wall time between them (measured in ms); otherwise (a worker behind, or a first read) from
 * the Reddit time the items span, whose whole seconds are too coarse for short turns.
 */
function observedRate(listing: ListingRow, turn: TurnResult, now: Date) {
  const previousCaughtUp = listing.lastReadAt !== null && listing.intervalMs > 0;
  if (turn.caughtUp && previousCaughtUp && listing.itemsPerMinute > 0) {
    const elapsed = now.getTime() - listing.lastReadAt!.getTime();
    return smoothedRate(listing.itemsPerMinute, turn.newItems, elapsed);
  }
  if (turn.newItems > 0 && turn.coveredMs >= 1000) {
    return smoothedRate(listing.itemsPerMinute, turn.newItems, turn.coveredMs);
  }
  return listing.itemsPerMinute;
}

async function release(deps: PollDeps, listing: ListingRow, turn: TurnResult) {
  const now = deps.clock.now();
  const rate = observedRate(listing, turn, now);
  const backstop = listing.scope === 'subreddits' && (await isSiteWideRead(deps.db, listing.kind));
  const interval = nextInterval(rate, turn.caughtUp, deps.settings.pollSeconds, backstop, {
    items: deps.settings.rereadItems,
    // Without a re-read, a page at a time: a short budget's turns stay short and fair.
    maxPages: deps.settings.rereadItems > 0 ? pacedPages(deps.settings) : 1,
  });
  deps.log.debug(
    {
      listing: listing.id,
      ...turn,
      sincePreviousMs: listing.lastReadAt ? now.getTime() - listing.lastReadAt.getTime() : null,
      rate,
      interval,
    },
    'listing turn',
  );
  await updateLeased(deps.db, listing.id, deps.owner, {
    leaseOwner: null,
    leaseUntil: null,
    itemsPerMinute: rate,
    intervalMs: interval,
    nextPollAt: new Date(now.getTime() + interval),
  });
}

/** Keeps the error where users see it and backs the listing off, up to 5 minutes. */
async function recordFailure(deps: PollDeps, listing: ListingRow, error: unknown) {
  const message = await recordReadFailure(deps, listing, error, {
    // From one poll interval (at most 5 s), doubling per failure in a row.
    firstMs: Math.min(deps.settings.pollSeconds * 1000, 5000),
    maxMs: MAX_BACKOFF_MS,
  });
  deps.log.warn(
    {
      listing: listingPath({ ...listing, subreddits: splitNames(listing.subreddits) }),
      err: message,
    },
    'listing read failed',
  );
}

/**
 * A multi-subreddit listing answered 403/404: one of its subreddits is private, quarantined,
 * banned or gone. Halves are probed (one request each, `limit=1`) until the culprits are
 * found, so that the planner can leave them out and their alerts can say why.
 */
async function findInaccessible(
  deps: PollDeps,
  listing: ListingRow,
  error: RedditError,
  signal?: AbortSignal,
) {
  const now = deps.clock.now();
  const names = splitNames(listing.subreddits);
  if (listing.scope === 'all' || names.length === 0) return;
  const culprits = new Map<string, RedditFailure>();
  const probe = async (group: string[], failure: RedditFailure): Promise<void> => {
    if (group.length === 1) {
      culprits.set(group[0], failure);
      return;
    }
    const halves = [group.slice(0, group.length >> 1), group.slice(group.length >> 1)];
    for (const half of halves) {
      try {
        await deps.reddit.listing(`/r/${half.join('+')}/new`, { limit: 1 }, signal);
      } catch (caught) {
        if (!isInaccessible(caught)) throw caught;
        await probe(half, caught.failure);
      }
    }
  };
  await probe(names, error.failure);
  for (const access of ['forbidden', 'not-found'] as const) {
    const marked = [...culprits].filter(([, failure]) => failure === access).map(([n]) => n);
    await markAccess(deps.db, marked, access, now);
  }
  deps.log.warn({ subreddits: Object.fromEntries(culprits) }, 'subreddits are not readable');
}
