import type { RequestOutcome } from './client';
import type { RequestBudget } from './budget';
import { RedditError, statusError } from './errors';
import { sendRequest, type HttpFetch } from './http';
import { parseAtomFeed, type FeedPage } from './atom-feed';

/** Entries asked for per feed read (Reddit's feeds accept up to 100). */
export const FEED_LIMIT = 100;

/**
 * Limited mode, without credentials: Reddit's public Atom feeds (`/r/a+b/new/.rss`,
 * `/r/a+b/comments/.rss`), with the user's private feed token when one is configured (reported
 * to lift the anonymous throttle). Reddit throttles them per IP, to about one request a minute, and
 * answers a throttled client 429 or 403 with an HTML page: both pause the shared feed budget
 * (one request per REDDIT_RSS_SECONDS for every worker). The caller takes the budget's slot;
 * a read is not retried here (the next slot is a minute away anyway).
 */
export function createFeedClient(deps: {
  baseUrl: string;
  userAgent: string;
  /** The private feed token (REDDIT_FEED_TOKEN/USER): on every request's query, never in logs. */
  feedToken?: { token: string; user: string };
  budget: RequestBudget;
  fetch?: HttpFetch;
  timeoutMs?: number;
  onOutcome?: (outcome: RequestOutcome) => void;
}) {
  const base = deps.baseUrl.replace(/\/$/, '');
  const fetchFn = deps.fetch ?? fetch;
  const intervalMs = deps.budget.options.windowMs;

  async function read(path: string, signal?: AbortSignal): Promise<FeedPage> {
    const query = new URLSearchParams({ limit: String(FEED_LIMIT) });
    if (deps.feedToken) {
      query.set('feed', deps.feedToken.token);
      query.set('user', deps.feedToken.user);
    }
    // `what` (the path alone) is what errors and logs carry: the token stays in the URL only.
    const response = await sendRequest(fetchFn, `${base}${path}/.rss?${query}`, {
      method: 'GET',
      headers: { 'user-agent': deps.userAgent, accept: 'application/atom+xml' },
      timeoutMs: deps.timeoutMs ?? 15_000,
      what: `${path}/.rss`,
      signal,
    });
    const { status } = response;
    if (status === 200) return parseAtomFeed(response.text);
    if (status === 429 || status === 403) {
      const retryAfter = Number(response.headers.get('retry-after'));
      const pause = Math.max(Number.isFinite(retryAfter) ? retryAfter * 1000 : 0, intervalMs * 2);
      await deps.budget.pause(pause);
      throw new RedditError(
        'rate-limited',
        `Reddit answered ${status} to its public feed: throttled (about one request a minute per address); waiting ${Math.round(pause / 1000)} s`,
        status,
        pause,
      );
    }
    throw statusError(status, `${path}/.rss`);
  }

  return {
    budget: deps.budget,
    async read(path: string, signal?: AbortSignal): Promise<FeedPage> {
      try {
        const page = await read(path, signal);
        deps.onOutcome?.({ ok: true });
        return page;
      } catch (error) {
        if (error instanceof RedditError) deps.onOutcome?.({ ok: false, error });
        throw error;
      }
    },
  };
}

export type FeedClient = ReturnType<typeof createFeedClient>;
