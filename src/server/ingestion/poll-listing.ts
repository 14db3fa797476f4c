import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { AlertIndex } from '../matching';
import type { ListingPage, RedditClient, RedditItem } from '../reddit';
import { listingPath } from './listing-plan';
import {
  markSeenInAll,
  recordGap,
  splitNames,
  readSucceeded,
  updateLeased,
  type ListingRow,
  type ListingUpdate,
} from './listing-repo';
import { estimateMissed, matchItems, oldest, sampleRate } from './page-items';
import type { RecentItems } from './recent-items';
import { storeMatches } from './store-mentions';

export type PollSettings = {
  /** Longest wait between two reads of a listing (REDDIT_POLL_SECONDS). */
  pollSeconds: number;
  leaseMs: number;
  /** How often the items just behind the cursor are read again, for late insertions. */
  overlapMs: number;
  /** Pages one turn reads before letting other listings go first. */
  maxPagesPerTurn: number;
};

export const DEFAULT_POLL_SETTINGS: Omit<PollSettings, 'pollSeconds' | 'leaseMs'> = {
  overlapMs: 120_000,
  maxPagesPerTurn: 5,
};

export type PollDeps = {
  db: Db;
  reddit: RedditClient;
  clock: Clock;
  index: () => AlertIndex;
  owner: string;
  settings: PollSettings;
  recent: RecentItems;
  /** When this process last noted each subreddit as carried by r/all (ms). */
  seenInAll: Map<string, number>;
  log: Logger;
};

const PAGE = 100;
/** Reddit keeps about this many items reachable per listing. */
const LISTING_WINDOW_PAGES = 10;

export type TurnResult = {
  /** Items newer than the cursor the turn started from. */
  newItems: number;
  /** Reddit time those items span: from the starting cursor to the newest of them (ms). */
  coveredMs: number;
  requests: number;
  caughtUp: boolean;
};

/**
 * One turn on a leased listing: reads forward from the cursor with `before` until a short page,
 * storing each page's mentions and moving the cursor in one transaction, so that a crash at any
 * point loses and repeats nothing. Recovers from the newest page after an empty `before` page
 * (stale cache, vanished cursor, or fallen out of Reddit's window), recording a gap when items
 * could not be reached. Decision record 005 explains each rule.
 */
export async function pollListing(
  deps: PollDeps,
  listing: ListingRow,
  signal?: AbortSignal,
): Promise<TurnResult> {
  const { clock, settings } = deps;
  const path = listingPath({
    scope: listing.scope,
    kind: listing.kind,
    subreddits: splitNames(listing.subreddits),
  });
  let cursor = { fullname: listing.cursorFullname, createdAt: listing.cursorCreatedAt };
  const result: TurnResult = { newItems: 0, coveredMs: 0, requests: 0, caughtUp: false };
  const startedFrom = cursor.createdAt?.getTime();

  const read = async (params: { before?: string; after?: string }) => {
    // Each read (with its retries) gets a whole lease: a worker that dies mid-read holds the
    // listing for one lease at most.
    await updateLeased(deps.db, listing.id, deps.owner, {
      leaseUntil: new Date(clock.now().getTime() + settings.leaseMs),
    });
    const page = await deps.reddit.listing(path, { limit: PAGE, ...params }, signal);
    result.requests++;
    deps.log.trace({ listing: listing.id, ...params, items: page.items.length }, 'listing read');
    return page;
  };

  /** Stores the page's new items; moves the cursor to its first item when `advance`. */
  const commit = async (page: ListingPage, advance: boolean, extra: ListingUpdate = {}) => {
    const fresh = page.items.filter((item) => !deps.recent.has(listing.id, item.fullname));
    const matches = matchItems(deps.index(), fresh);
    const now = clock.now();
    const next =
      advance && page.firstFullname
        ? {
            fullname: page.firstFullname,
            createdAt: page.items[0]?.createdAt ?? cursor.createdAt,
          }
        : cursor;
    await deps.db.transaction(async (tx) => {
      await storeMatches(tx, matches, now);
      await updateLeased(tx, listing.id, deps.owner, {
        cursorFullname: next.fullname,
        cursorCreatedAt: next.createdAt,
        leaseUntil: new Date(now.getTime() + settings.leaseMs),
        ...readSucceeded(now, fresh.length, page.skipped),
        ...extra,
      });
    });
    // The rate counts items newer than the cursor: a first read, an overlap or a recovery
    // also sees older ones, which say nothing about how fast the listing moves.
    if (startedFrom !== undefined) {
      for (const item of fresh) {
        const created = item.createdAt.getTime();
        if (created < startedFrom) continue;
        result.newItems++;
        result.coveredMs = Math.max(result.coveredMs, created - startedFrom);
      }
    }
    cursor = next;
    deps.recent.addAll(
      listing.id,
      fresh.map((item) => item.fullname),
    );
    if (listing.scope === 'all') await noteSubredditsInAll(deps, fresh, now);
  };

  /**
   * Reads the newest page and, when the cursor is not on it, back through Reddit's window to
   * items strictly older than the cursor (timestamps have whole seconds: an equal one proves
   * nothing); what lies beyond the window is recorded as a gap.
   */
  const recover = async () => {
    const newest = await read({});
    const since = cursor.createdAt?.getTime();
    const found = newest.items.some((item) => item.fullname === cursor.fullname);
    // A short newest page is the whole listing (Reddit's window is far longer): nothing is
    // out of reach, even when the cursor's subreddit has left a regrouped listing.
    const whole = newest.items.length + newest.skipped < PAGE;
    if (found || whole || since === undefined || oldest(newest.items) < since) {
      await commit(newest, true, { resync: false });
      return;
    }
    await commit(newest, false);
    let older = newest;
    let reached = false;
    for (let page = 1; page < LISTING_WINDOW_PAGES; page++) {
      if (older.items.length + older.skipped < PAGE || !older.lastFullname) break;
      older = await read({ after: older.lastFullname });
      await commit(older, false);
      if (older.items.length > 0 && oldest(older.items) < since) {
        reached = true;
        break;
      }
    }
    if (!reached) {
      const reachable = [...newest.items, ...(older === newest ? [] : older.items)];
      const until = oldest(reachable);
      await recordGap(deps.db, {
        listingId: listing.id,
        detectedAt: clock.now(),
        fromTime: new Date(since),
        toTime: new Date(until),
        estimatedItems: estimateMissed(listing, cursor.fullname, reachable, since, until),
        reason: 'fell behind Reddit’s listing window, or the cursor item vanished',
      });
      deps.log.warn({ listing: path, from: new Date(since) }, 'ingestion gap recorded');
      // The rate comes from what could be read, not from the span since the lost cursor.
      sampleRate(result, reachable);
    }
    // Every reachable page is stored: the cursor can move to the newest item now.
    cursor = {
      fullname: newest.firstFullname ?? cursor.fullname,
      createdAt: newest.items[0]?.createdAt ?? cursor.createdAt,
    };
    await updateLeased(deps.db, listing.id, deps.owner, {
      cursorFullname: cursor.fullname,
      cursorCreatedAt: cursor.createdAt,
      resync: false,
    });
  };

  if (!cursor.fullname) {
    const newest = await read({});
    await commit(newest, true, { resync: false });
    // A first rate from the page itself, so that a busy listing is not left for a whole
    // REDDIT_POLL_SECONDS before its second read.
    sampleRate(result, newest.items);
    result.caughtUp = true;
    return result;
  }
  if (listing.resync) {
    await recover();
    result.caughtUp = true;
    return result;
  }
  const now = clock.now().getTime();
  if (!listing.overlapReadAt || now - listing.overlapReadAt.getTime() >= settings.overlapMs) {
    // The items just behind the cursor: Reddit inserts some late, behind newer ones.
    await commit(await read({ after: cursor.fullname }), false, {
      overlapReadAt: new Date(now),
    });
  }
  // A listing with more than a page per poll interval is busy: what is due since the last
  // read (plus half a page left over, on average) is read in full pages only.
  const perMs = listing.itemsPerMinute / 60_000;
  const busy = perMs * settings.pollSeconds * 1000 >= PAGE && listing.lastReadAt !== null;
  const since = now - (listing.lastReadAt?.getTime() ?? now);
  const fullPagesDue = Math.max(1, Math.floor((perMs * since + PAGE / 2) / PAGE));
  for (let pages = 0; pages < settings.maxPagesPerTurn; pages++) {
    if (signal?.aborted) return result;
    const page = await read({ before: cursor.fullname });
    if (page.items.length === 0 && page.skipped === 0) {
      // Nothing new, a stale cached page, or a cursor Reddit no longer has. Where many items
      // are due, find out now; otherwise the next turn reads the newest page.
      const sinceLastRead = now - (listing.lastReadAt?.getTime() ?? now);
      if ((listing.itemsPerMinute * sinceLastRead) / 60_000 > PAGE / 2) await recover();
      else await commit(page, false, { resync: true });
      result.caughtUp = true;
      return result;
    }
    await commit(page, true);
    if (page.items.length + page.skipped < PAGE) {
      result.caughtUp = true;
      return result;
    }
    if (busy && pages + 1 >= fullPagesDue && !clearlyBehind(page, clock.now().getTime())) {
      // A busy listing reads only the full pages due: the rest waits for the next turn, when
      // it fills a page too, instead of costing a request for a partial page now.
      result.caughtUp = true;
      return result;
    }
  }
  return result;
}

/** Newest item of a full page older than this: far behind the head, whatever the estimate. */
const BEHIND_MS = 3000;
const clearlyBehind = (page: ListingPage, now: number) =>
  page.items.length > 0 && now - page.items[0].createdAt.getTime() > BEHIND_MS;

const MARK_EVERY_MS = 3600_000;

/** Remembers which subreddits r/all carries (the planner then skips their own listings). */
async function noteSubredditsInAll(deps: PollDeps, items: RedditItem[], now: Date) {
  const marks = deps.seenInAll;
  const due = [...new Set(items.map((item) => item.subreddit.toLowerCase()))].filter(
    (name) => now.getTime() - (marks.get(name) ?? 0) >= MARK_EVERY_MS,
  );
  if (due.length === 0) return;
  await markSeenInAll(deps.db, due, now);
  for (const name of due) marks.set(name, now.getTime());
}
