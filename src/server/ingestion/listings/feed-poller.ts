import type { Logger } from 'pino';
import type { ModelCache } from '../../relevance';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { AlertIndex } from '../../matching';
import { FEED_LIMIT, RedditError, type FeedClient } from '../../reddit';
import { listingPath } from './listing-plan';
import {
  leaseDueListing,
  recordGap,
  splitNames,
  readSucceeded,
  updateLeased,
  type ListingRow,
} from './listing-repo';
import { matchItems, oldest } from '../page-items';
import { recordReadFailure } from './read-failure';
import type { RecentItems } from './recent-items';
import { storeMatches } from '../store-mentions';
import { redditSourceItem } from '../reddit-source-item';
import { trackOwnReplies } from '../replies/track-own-replies';

export type FeedPollDeps = {
  db: Db;
  feeds: FeedClient;
  clock: Clock;
  index: () => AlertIndex;
  owner: string;
  leaseMs: number;
  recent: RecentItems;
  log: Logger;
  /** The worker's parsed relevance models, for the mentions stored (decision 014). */
  models?: ModelCache;
};

const MAX_BACKOFF_MS = 30 * 60_000;

/**
 * Limited mode: reads the due listings' Atom feeds, one per free slot of the feed budget, and
 * stores their matches. A feed has no paging: each read is the newest page, and when the
 * previous newest item is no longer on a full page, the span between is recorded as a gap.
 * Feeds carry no scores, so minScore cannot be applied: every match is stored (the alert
 * dialog says so). Returns the number of feeds read.
 */
export async function pollDueFeeds(
  deps: FeedPollDeps,
  run: { signal?: AbortSignal; until: number },
) {
  let reads = 0;
  while (!run.signal?.aborted && deps.clock.now().getTime() < run.until) {
    const listing = await leaseDueListing(deps.db, deps.owner, deps.clock.now(), deps.leaseMs);
    if (!listing) break;
    if (!(await deps.feeds.budget.tryAcquire({ maxWaitMs: 0 }, run.signal))) {
      await updateLeased(deps.db, listing.id, deps.owner, { leaseOwner: null, leaseUntil: null });
      break;
    }
    reads++;
    try {
      await readFeed(deps, listing, run.signal);
    } catch (error) {
      if (run.signal?.aborted) throw error;
      await recordFailure(deps, listing, error);
      if (!(error instanceof RedditError)) throw error;
    }
  }
  return reads;
}

async function readFeed(deps: FeedPollDeps, listing: ListingRow, signal?: AbortSignal) {
  const path = listingPath({ ...listing, subreddits: splitNames(listing.subreddits) });
  const page = await deps.feeds.read(path, signal);
  const now = deps.clock.now();
  const fresh = page.items.filter((item) => !deps.recent.has(listing.id, item.fullname));
  // Scores are unknown in feeds (0): minScore cannot be honoured, so nothing waits for one.
  // A site-wide keyword waits for credentials, as its status says: it takes nothing from the
  // feeds read for other keywords' subreddits, which would be a sample it never asked for
  // (decision 025).
  const matches = matchItems(deps.index(), fresh)
    .filter((m) => Boolean(m.alert.subreddits))
    .map((m) => ({ ...m, belowMinScore: false }));
  const newest = page.items.reduce<(typeof page.items)[number] | undefined>(
    (best, item) => (!best || item.createdAt > best.createdAt ? item : best),
    undefined,
  );
  const since = listing.cursorCreatedAt?.getTime();
  const lost =
    since !== undefined &&
    page.items.length >= FEED_LIMIT &&
    !page.items.some((item) => item.fullname === listing.cursorFullname) &&
    oldest(page.items) > since;
  await deps.db.transaction(async (tx) => {
    await storeMatches(tx, matches, now, { models: deps.models });
    await trackOwnReplies(tx, fresh.map(redditSourceItem), now);
    await updateLeased(tx, listing.id, deps.owner, {
      cursorFullname: newest?.fullname ?? listing.cursorFullname,
      cursorCreatedAt: newest?.createdAt ?? listing.cursorCreatedAt,
      leaseOwner: null,
      leaseUntil: null,
      ...readSucceeded(now, fresh.length, page.skipped),
      intervalMs: deps.feeds.budget.options.windowMs,
      nextPollAt: now,
    });
    if (lost) {
      await recordGap(tx, {
        listingId: listing.id,
        detectedAt: now,
        fromTime: new Date(since),
        toTime: new Date(oldest(page.items)),
        estimatedItems: Math.max(1, fresh.length),
        reason: 'more new items than one feed page holds between two reads',
      });
    }
  });
  deps.recent.addAll(
    listing.id,
    fresh.map((item) => item.fullname),
  );
}

/** Keeps the error where users see it; the listing waits longer after each failure in a row. */
async function recordFailure(deps: FeedPollDeps, listing: ListingRow, error: unknown) {
  const message = await recordReadFailure(deps, listing, error, {
    firstMs: deps.feeds.budget.options.windowMs,
    maxMs: MAX_BACKOFF_MS,
  });
  deps.log.warn(
    {
      listing: listing.id,
      err: message,
      where: error instanceof RedditError ? error.where : undefined,
    },
    'feed read failed',
  );
}
