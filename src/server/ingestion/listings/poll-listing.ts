import type { Logger } from 'pino';
import type { ModelCache } from '../../relevance';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { AlertIndex } from '../../matching';
import type { RedditClient } from '../../reddit';
import type { ListingRow } from './listing-repo';
import { ListingTurn } from './listing-turn';
import type { RecentItems } from './recent-items';
import { loadRereadState } from './reread-state';
import { recover } from './turn-recovery';

export type PollSettings = {
  /** Longest wait between two reads of a listing (REDDIT_POLL_SECONDS). */
  pollSeconds: number;
  leaseMs: number;
  /** Pages one turn reads before letting other listings go first. */
  maxPagesPerTurn: number;
  /**
   * Items behind the cursor a caught-up listing's next read starts from (`before` an item this
   * deep), where Reddit inserts late items (decision record 005, "Late items").
   */
  rereadItems: number;
};

/**
 * Reddit shows a late item (an approval, cache lag) 20–45 items below the newest of r/all
 * (issue 21's measurement); 15 more for the items that arrive while a page is fetched.
 */
export const REREAD_ITEMS = 60;

export const DEFAULT_POLL_SETTINGS: Omit<PollSettings, 'pollSeconds' | 'leaseMs'> = {
  maxPagesPerTurn: 5,
  rereadItems: REREAD_ITEMS,
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
  /** The worker's parsed relevance models, for the mentions stored (decision 014). */
  models?: ModelCache;
};

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
  const turn = new ListingTurn(deps, listing, signal, await loadRereadState(deps.db, listing.id));
  if (!listing.cursorFullname) {
    await turn.readFirstPage();
    turn.result.caughtUp = true;
  } else if (listing.resync) {
    await recover(turn);
    turn.result.caughtUp = true;
  } else {
    turn.result.caughtUp = await turn.readForward(deps.clock.now().getTime());
  }
  await turn.saveRereadState();
  return turn.result;
}
