import type { SourceName } from '@shared/sources';

/** Public shapes of the matching index; `index.ts` documents how they are used. */

/** One item of any site as ingestion passes it. */
export type MatchItem = {
  /** The item's site; absent is Reddit. */
  source?: SourceName;
  /** The site's id (Reddit fullname: `t3_…` for a post, `t1_…` for a comment). */
  id: string;
  kind: 'post' | 'comment';
  subreddit: string;
  /** The post title; ignored for comments. */
  title: string;
  /** The selftext of a post or the body of a comment. */
  body: string;
  /** The item's current score, compared with each alert's `minScore`; null (no score) passes. */
  score: number | null;
  /** The author's username, for `author:`; absent when unknown (matches no `author:`). */
  author?: string;
  /** Reddit's `over_18`, for `nsfw:`; absent counts as not marked. */
  nsfw?: boolean;
  /** Not used by matching: what the volume preview's examples link to. */
  permalink?: string;
};

/** The columns of an `alerts` row that matching needs. */
export type AlertInput = {
  id: number;
  keyword: string;
  /** Comma-separated lower-case subreddit names; null (or empty) means every subreddit. */
  subreddits: string | null;
  includeComments: boolean;
  titlesOnly: boolean;
  minScore: number;
  /** The sites the alert listens to; absent means all. */
  sources?: readonly string[];
  isActive: boolean;
  isPaused: boolean;
};

/** An upsert of an inactive or paused alert removes it from the index. */
export type AlertChange =
  { type: 'upsert'; alert: AlertInput } | { type: 'remove'; alertId: number };

export type AlertMatch = {
  alertId: number;
  /** Matched positive terms, printed canonically, in query order (`matchedTerms`). */
  terms: string[];
  /** The query matched but the item's score is below the alert's `minScore`. */
  belowMinScore: boolean;
};

/** What `apply` did with a change. */
export type ApplyResult =
  | { status: 'indexed' }
  | { status: 'removed' }
  /** Not in the index: the change removed an alert that was not there, or it is inactive. */
  | { status: 'absent' }
  /** The stored keyword does not parse; the alert is left out and listed in `rejected`. */
  | { status: 'rejected'; message: string };

export type IndexStats = {
  /** Alerts currently matched. */
  alerts: number;
  /** Distinct terms and phrases, including ones no alert uses any more (until compaction). */
  leaves: number;
  deadLeaves: number;
  trieNodes: number;
  /** Alerts left out because their keyword does not parse. */
  rejected: number;
  /** Changes applied since the last (re)build. */
  changesSinceBuild: number;
};
