import type { Logger } from 'pino';
import type { ModelCache } from '../../relevance';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { AlertIndex } from '../../matching';
import type { RedditClient } from '../../reddit';
import type { RecentItems } from './recent-items';

// What a listing turn is given and what it answers, apart from the turn itself, so that the
// poller, the worker's settings and the turn's helpers can name them without importing it.

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
 * Reddit shows a late item (an approval, cache lag) 20–45 items below the newest of r/all (as
 * measured on r/all/comments, decision record 005); 15 more for the items that arrive while a
 * page is fetched.
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
