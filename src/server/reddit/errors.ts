/** Why a Reddit request failed, in words an operator can act on. */
export type RedditFailure =
  | 'auth' // credentials refused: no retry helps
  | 'forbidden' // 403: private or quarantined subreddit
  | 'not-found' // 404: banned or nonexistent subreddit
  | 'rate-limited' // 429
  | 'server' // 5xx
  | 'timeout'
  | 'unreachable' // DNS, refused, reset
  | 'malformed' // not JSON, truncated, or not the expected shape
  | 'unexpected'; // any other status

const TRANSIENT: ReadonlySet<RedditFailure> = new Set([
  'rate-limited',
  'server',
  'timeout',
  'unreachable',
  'malformed',
]);

/** Why a Reddit request failed. The message is shown to users; it names no path. */
export class RedditError extends Error {
  constructor(
    readonly failure: RedditFailure,
    message: string,
    readonly status?: number,
    /** Reddit's Retry-After, in milliseconds. */
    readonly retryAfterMs?: number,
    /**
     * The path asked for, for logs only. Never in the message: messages are stored on shared
     * listings and the shared client state, where every user can read them, and a path names
     * other users' subreddits.
     */
    readonly where?: string,
  ) {
    super(message);
    this.name = 'RedditError';
  }

  /** Worth another try after a pause. */
  get transient() {
    return TRANSIENT.has(this.failure);
  }
}

/** No request slot was free for background or interactive work: nothing was sent; try later. */
export class BudgetBusyError extends Error {
  constructor(
    message = 'Reddit’s request budget is in use by the live listings; try again later',
    /** When a slot may be free again, where known. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'BudgetBusyError';
  }
}

/**
 * Reddit's answer other than 200, 401 and 429, in words a user can act on; `where` (the path)
 * is for logs only. 403 means private or quarantined only where Reddit says so of a subreddit
 * (the API); the feeds' 403 is throttling, which the feed client tells apart before this.
 */
export function statusError(status: number, where: string): RedditError {
  if (status >= 500) {
    const text = `Reddit answered ${status}: a fault on Reddit's side; Earshot keeps retrying`;
    return new RedditError('server', text, status, undefined, where);
  }
  if (status === 403) {
    const text = 'Reddit answered 403: the subreddit is private or quarantined';
    return new RedditError('forbidden', text, 403, undefined, where);
  }
  if (status === 404) {
    const text = 'Reddit answered 404: the subreddit does not exist or is banned';
    return new RedditError('not-found', text, 404, undefined, where);
  }
  const text = `Reddit answered ${status}, an answer Earshot does not expect; it keeps retrying`;
  return new RedditError('unexpected', text, status, undefined, where);
}
