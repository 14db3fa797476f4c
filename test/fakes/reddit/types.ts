/** Public types of the fake Reddit server (see index.ts). */

export interface FakeRedditOptions {
  /** Default 0 (a random free port); the host is always 127.0.0.1. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** More OAuth clients (id → secret), each with a rate-limit budget of its own. */
  extraClients?: Record<string, string>;
  /** Accepted for grant_type=password. */
  username?: string;
  password?: string;
  /** expires_in of issued tokens, default 86400. */
  tokenTtlSeconds?: number;
  /** Default { limit: 1000, windowSeconds: 600 }; false sends no rate-limit headers at all. */
  rateLimit?: { limit: number; windowSeconds: number } | false;
  /** How many newest items of a listing are reachable (Reddit's ~1000). Default 1000. */
  listingWindow?: number;
  /** 'recent' serves every t1/t3 child of the recorded listings as recent items. Default 'none'. */
  fixtures?: 'none' | 'recent';
  /** Where the recorded listings live; default ../shared/fixtures/reddit beside the repo. */
  fixturesDir?: string;
  /** Seed of the generated text, ids and firehose choices. */
  seed?: number;
  /** Comment ids drawn at random (Reddit's announced change) instead of counting up. */
  randomCommentIds?: boolean;
  /** Milliseconds; default Date.now. */
  clock?: () => number;
  /** The public feeds answer `status` (default 429) to requests closer than this together. */
  feedThrottle?: { minIntervalMs: number; status?: 403 | 429 };
  /**
   * The private feed token (reddit.com/prefs/feeds): a feed request with `feed=<token>` and
   * `user=<user>` is not throttled; one with another token or user answers 403 (block page).
   */
  feedToken?: { token: string; user: string };
}

export type RedditKind = 't1' | 't3';

/** A stored item as Reddit serves it in a listing: `{ kind, data }`. */
export interface RedditItem {
  kind: RedditKind;
  data: Record<string, unknown> & { name: string; id: string; subreddit: string };
}

export interface NewPost {
  subreddit: string;
  title: string;
  selftext?: string;
  /** A link post when given (selftext is then ""). */
  url?: string;
  author?: string;
  score?: number;
  /** Defaults to the fake's clock; a past time inserts the item late, behind served items. */
  createdMs?: number;
  /** Inserted late: this many items below the newest of r/all (else its subreddit), whatever
   * its creation time, as Reddit shows an approved item (store.ts `insertLate`). */
  lateDepth?: number;
  /** In no listing (not r/all, its subreddit nor search), but in /api/info: a post Reddit
   * withholds from listings. `lateDepth` is then ignored. */
  unlisted?: boolean;
}

export interface NewComment {
  subreddit: string;
  body: string;
  /** The post commented on; when absent, a post titled `linkTitle` is created first. */
  linkId?: string;
  linkTitle?: string;
  /** A reply to this comment's fullname (default: a top-level comment). */
  parentId?: string;
  author?: string;
  score?: number;
  createdMs?: number;
  lateDepth?: number;
}

export interface ItemLogEntry {
  fullname: string;
  kind: RedditKind;
  subreddit: string;
  createdMs: number;
  author: string;
  /** The score when the item was created (setScore changes it later). */
  score: number;
  /** Posts: title and selftext. Comments: body and the post's title (linkTitle). */
  title?: string;
  selftext?: string;
  body?: string;
  linkTitle?: string;
  linkId?: string;
  fixture?: boolean;
  /** Inserted late: when it entered the listings (ms), and how many newer items r/all (else
   * its subreddit) held above it then; Reddit serves the newest `listingWindow` only. */
  insertedMs?: number;
  insertedDepth?: number;
  /** Created with `unlisted`: only /api/info shows it. */
  unlisted?: true;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** 0 while unanswered (a timeout fault). */
  status: number;
  at: number;
}

export interface FirehoseOptions {
  commentsPerSecond: number;
  postsPerSecond: number;
  subreddits?: string[];
  /** `rate` (0..1) of the items get one of `phrases` inserted into their title or body. */
  plant?: { phrases: string[]; rate: number };
  /**
   * `share` (0..1) of the items enter the listings late: created (id and time) on schedule, but
   * stored between `minMs` and `maxMs` later (uniformly), `minDepth`–`maxDepth` items (default
   * 20–45, uniformly) below the newest of r/all at that moment; they then sink as newer items
   * arrive.
   */
  late?: { share: number; minMs: number; maxMs: number; minDepth?: number; maxDepth?: number };
}

export type FaultKind =
  | 'status'
  | 'timeout'
  | 'truncated'
  | 'malformed'
  | 'token-401'
  | 'token-invalid-grant'
  | 'invalid-token';

export interface FaultRule {
  /** Tested against the request path; a string is compiled as a RegExp source. */
  match?: RegExp | string;
  /** How many requests it hits, default 1; Infinity (or null over HTTP) for all. */
  times?: number;
  kind: FaultKind;
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

export interface FakeReddit {
  /** e.g. http://127.0.0.1:43123; serves the auth, API and control endpoints. */
  url: string;
  addPost(p: NewPost): RedditItem;
  addComment(c: NewComment): RedditItem;
  removeItem(fullname: string): void;
  /** A moderator's approval: a removed or held item is shown where its creation time puts it
   * (unless unlisted); /api/info shows it normally. */
  approve(fullname: string): void;
  /** Now, or `afterMs` from now: a score that changes over time. */
  setScore(fullname: string, score: number, afterMs?: number): void;
  /** Deleted by its author: gone from listings, and missing from /api/info answers. */
  deleteItem(fullname: string): void;
  /** Leaves the next `count` post ids unused, as Reddit's sequence sometimes jumps. */
  skipPostIds(count: number): void;
  startFirehose(f: FirehoseOptions): void;
  stopFirehose(): void;
  injectFaults(f: FaultRule[]): void;
  clearFaults(): void;
  forbidSubreddit(name: string, status: 403 | 404): void;
  optOutOfAll(name: string): void;
  /** Every Reddit (non-control) request, oldest first. */
  requests: RecordedRequest[];
  items(): ItemLogEntry[];
  stop(): Promise<void>;
}
