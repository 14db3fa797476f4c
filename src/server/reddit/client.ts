import type { Clock } from '../clock';
import { createTokenSource, type RedditCredentials } from './auth';
import { readRateLimitHeaders, realSleep, type RequestBudget, type Sleep } from './budget';
import { RedditError } from './errors';
import { sendRequest, type HttpFetch } from './http';
import { parseListing, type ListingPage } from './items';

export type RedditClientOptions = {
  apiBase: string;
  authBase: string;
  userAgent: string;
  credentials: RedditCredentials;
  timeoutMs?: number;
  /** Tries per request on transient faults (429, 5xx, timeouts, malformed answers). */
  attempts?: number;
  /** First backoff; doubles per try, with ±50% jitter, capped at `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
};

export type ListingParams = { limit?: number; before?: string; after?: string };

/** What the client saw, for whoever keeps the status users read. */
export type RequestOutcome = { ok: true } | { ok: false; error: RedditError };

/**
 * The Reddit API over OAuth: every request takes a slot of the shared budget, carries the
 * bearer token and the User-Agent, and is retried with backoff on transient faults. A 401
 * renews the token once; a second 401 is an error an operator can act on.
 */
export function createRedditClient(deps: {
  options: RedditClientOptions;
  budget: RequestBudget;
  clock: Clock;
  fetch?: HttpFetch;
  sleep?: Sleep;
  random?: () => number;
  onOutcome?: (outcome: RequestOutcome) => void;
}) {
  const { options, budget } = deps;
  const fetchFn = deps.fetch ?? fetch;
  const sleep = deps.sleep ?? realSleep;
  const random = deps.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const attempts = options.attempts ?? 3;
  const backoffMs = options.backoffMs ?? 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const tokens = createTokenSource({
    credentials: options.credentials,
    authBase: options.authBase.replace(/\/$/, ''),
    userAgent: options.userAgent,
    clock: deps.clock,
    fetch: fetchFn,
    timeoutMs,
  });
  const apiBase = options.apiBase.replace(/\/$/, '');

  const backoff = (attempt: number, retryAfterMs?: number) =>
    Math.max(
      retryAfterMs ?? 0,
      Math.min(maxBackoffMs, backoffMs * 2 ** (attempt - 1)) * (0.5 + random()),
    );

  /** One GET with retries; the parsed JSON body. */
  async function getJson(path: string, query: URLSearchParams, signal?: AbortSignal) {
    query.set('raw_json', '1');
    const url = `${apiBase}${path}.json?${query}`;
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      try {
        const body = await attemptGet(url, path, signal);
        deps.onOutcome?.({ ok: true });
        return body;
      } catch (error) {
        if (!(error instanceof RedditError)) throw error;
        if (error.failure === 'auth' && error.status === 401 && !renewed) {
          // An expired or revoked token: renew once and try again at once.
          renewed = true;
          tokens.invalidate();
          attempt--;
          continue;
        }
        if (!error.transient || attempt >= attempts || signal?.aborted) {
          deps.onOutcome?.({ ok: false, error });
          throw error;
        }
        await sleep(backoff(attempt, error.retryAfterMs), signal);
      }
    }
  }

  async function attemptGet(url: string, path: string, signal?: AbortSignal): Promise<unknown> {
    await budget.acquire(signal);
    const token = await tokens.token();
    const response = await sendRequest(fetchFn, url, {
      method: 'GET',
      headers: {
        authorization: `bearer ${token}`,
        'user-agent': options.userAgent,
        accept: 'application/json',
      },
      timeoutMs,
      what: path,
      signal,
    });
    const limits = readRateLimitHeaders(response.headers);
    if (limits) await budget.observe(limits);
    const { status } = response;
    if (status === 200) return response.json();
    if (status === 401) {
      throw new RedditError(
        'auth',
        'Reddit answered 401: check REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET',
        401,
      );
    }
    if (status === 429) {
      const retryAfter = Number(response.headers.get('retry-after'));
      const retryAfterMs = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 0;
      // Everyone waits: sending more now only prolongs the throttling.
      const pause = Math.max(retryAfterMs, backoffMs * 2);
      await budget.pause(pause);
      throw new RedditError('rate-limited', 'Reddit answered 429: too many requests', 429, pause);
    }
    if (status >= 500) {
      throw new RedditError('server', `Reddit answered ${status} (${path})`, status);
    }
    if (status === 403) {
      throw new RedditError('forbidden', `Reddit answered 403 for ${path}`, 403);
    }
    if (status === 404) {
      throw new RedditError('not-found', `Reddit answered 404 for ${path}`, 404);
    }
    throw new RedditError('unexpected', `Reddit answered ${status} (${path})`, status);
  }

  async function getListing(path: string, query: URLSearchParams, signal?: AbortSignal) {
    // A truncated or otherwise unreadable page is retried like any transient fault.
    for (let attempt = 1; ; attempt++) {
      const page = parseListing(await getJson(path, new URLSearchParams(query), signal));
      if (page) return page;
      const error = new RedditError(
        'malformed',
        `Reddit sent something other than a listing (${path})`,
      );
      if (attempt >= attempts) {
        deps.onOutcome?.({ ok: false, error });
        throw error;
      }
      await sleep(backoff(attempt), signal);
    }
  }

  return {
    /** A page of `/r/{…}/new` or `/r/{…}/comments`, newest first. */
    listing(path: string, params: ListingParams, signal?: AbortSignal): Promise<ListingPage> {
      const query = new URLSearchParams({ limit: String(params.limit ?? 100) });
      if (params.before) query.set('before', params.before);
      if (params.after) query.set('after', params.after);
      return getListing(path, query, signal);
    },
    /** Current state of up to 100 items; missing (deleted) ones are simply absent. */
    info(fullnames: string[], signal?: AbortSignal): Promise<ListingPage> {
      if (fullnames.length > 100) throw new RangeError('at most 100 fullnames per request');
      return getListing('/api/info', new URLSearchParams({ id: fullnames.join(',') }), signal);
    },
    budget,
  };
}

export type RedditClient = ReturnType<typeof createRedditClient>;
