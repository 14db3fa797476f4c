import type { Clock } from '../clock';
import { createTokenSource, type RedditCredentials } from './auth';
import { readRateLimitHeaders, realSleep, type RequestBudget, type Sleep } from './budget';
import { waitInWords } from '../lib/wait-in-words';
import { BudgetBusyError, RedditError, statusError } from './errors';
import { interactiveSlot, type InteractiveRefusal } from './interactive-share';
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

/**
 * Who is asking. `live` (the listings) waits for its slot; `background` (re-checks, backfill)
 * takes one of the next slots only within its share of the window, and is not
 * retried here (its job tries again later); `interactive` (a user's preview or diagnostic test)
 * takes the next slot if it comes within a few seconds. A request made with a `user` (a
 * preview, a test, a new keyword's backfill) also stays within the interactive share. `ids` (the post-id enumeration) is background
 * work with a share of its own.
 */
export type RequestPriority = 'live' | 'background' | 'ids' | 'interactive';

/**
 * The most of each window background work may take (about 170 requests an hour): listings
 * keep the rest. Small, because at 90% of Reddit's volume the listings need nearly all of it.
 */
export const BACKGROUND_SHARE = 0.03;
/**
 * The post-id enumeration's share (about 340 requests an hour at 1,000 per 600 s): 34,000
 * ids an hour that no listing showed, about what Reddit's post rate leaves outside r/all
 * (decision record 005, "Posts by id").
 */
export const IDS_SHARE = 0.06;
/** Background work is not retried here: its job tries again later. */
const isBackground = (priority: RequestPriority) => priority === 'background' || priority === 'ids';

/** Why a user's request was not sent, and when to try again, in words. */
function refusalMessage(refusal: InteractiveRefusal) {
  const wait = waitInWords(refusal.retryAfterMs / 1000);
  switch (refusal.reason) {
    case 'user':
      return `You have used your part of Reddit’s request budget for this minute (everyone shares it). Please try again in ${wait}.`;
    case 'everyone':
      return `Previews and tests have used their share of Reddit’s request budget for this minute. Please try again in ${wait}.`;
    default:
      return `Reddit’s request budget is in use by the live listings. Please try again in ${wait}.`;
  }
}

/** A background request queues for a slot this long at most, like a live read would. */
const BACKGROUND_WAIT_MS = 2_000;
const INTERACTIVE_WAIT_MS = 15_000;
/** A request a user set off queues this long at most: a couple of slots at the budget's pace. */
const USER_QUEUE_MS = 2_000;

export type SearchParams = {
  q: string;
  /** Restricts to these subreddits (`/r/a+b/search?restrict_sr=1`); none = all of Reddit. */
  subreddits?: string[];
  t?: 'hour' | 'day' | 'week' | 'month' | 'year' | 'all';
  limit?: number;
};

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

  async function takeSlot(priority: RequestPriority, signal?: AbortSignal, user?: number) {
    if (priority === 'live') return budget.acquire(signal);
    if (user !== undefined) {
      // What a user set off: within the interactive share and the user's fair part of it, and
      // only into a short queue, so that a burst of them never holds the listings back long.
      const taken = await budget.tryAcquireBy(
        interactiveSlot({ user: String(user), maxWaitMs: USER_QUEUE_MS }),
        signal,
      );
      if (!taken.ok) throw new BudgetBusyError(refusalMessage(taken), taken.retryAfterMs);
      return;
    }
    const taken =
      priority === 'interactive'
        ? await budget.tryAcquire({ maxWaitMs: INTERACTIVE_WAIT_MS }, signal)
        : await budget.tryAcquire(
            priority === 'ids'
              ? { maxWaitMs: BACKGROUND_WAIT_MS, share: IDS_SHARE, pool: 'ids' }
              : { maxWaitMs: BACKGROUND_WAIT_MS, share: BACKGROUND_SHARE },
            signal,
          );
    if (!taken) {
      throw new BudgetBusyError(
        priority === 'interactive'
          ? 'Reddit’s request budget is used up for the moment; try again in a minute'
          : undefined,
      );
    }
  }

  /** One GET with retries; the parsed JSON body. */
  async function getJson(
    path: string,
    query: URLSearchParams,
    signal?: AbortSignal,
    priority: RequestPriority = 'live',
    user?: number,
  ) {
    query.set('raw_json', '1');
    const url = `${apiBase}${path}.json?${query}`;
    const tries = isBackground(priority) ? 1 : attempts;
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      try {
        const body = await attemptGet(url, path, signal, priority, user);
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
        if (!error.transient || attempt >= tries || signal?.aborted) {
          deps.onOutcome?.({ ok: false, error });
          throw error;
        }
        await sleep(backoff(attempt, error.retryAfterMs), signal);
      }
    }
  }

  async function attemptGet(
    url: string,
    path: string,
    signal: AbortSignal | undefined,
    priority: RequestPriority,
    user?: number,
  ): Promise<unknown> {
    await takeSlot(priority, signal, user);
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
    throw statusError(status, path);
  }

  async function getListing(
    path: string,
    query: URLSearchParams,
    signal?: AbortSignal,
    priority: RequestPriority = 'live',
    user?: number,
  ) {
    const tries = isBackground(priority) ? 1 : attempts;
    // A truncated or otherwise unreadable page is retried like any transient fault.
    for (let attempt = 1; ; attempt++) {
      const body = await getJson(path, new URLSearchParams(query), signal, priority, user);
      const page = parseListing(body);
      if (page) return page;
      const error = new RedditError(
        'malformed',
        'Reddit sent something other than a listing',
        undefined,
        undefined,
        path,
      );
      if (attempt >= tries) {
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
    info(
      fullnames: string[],
      signal?: AbortSignal,
      priority: RequestPriority = 'live',
    ): Promise<ListingPage> {
      if (fullnames.length > 100) throw new RangeError('at most 100 fullnames per request');
      const query = new URLSearchParams({ id: fullnames.join(',') });
      return getListing('/api/info', query, signal, priority);
    },
    /**
     * Newest posts matching Reddit's search for `q` (one page; Reddit searches posts only).
     * With `user`, the request is one that user set off: it draws from the interactive share.
     */
    search(
      params: SearchParams,
      signal?: AbortSignal,
      priority: RequestPriority = 'live',
      user?: number,
    ) {
      const query = new URLSearchParams({
        q: params.q,
        sort: 'new',
        t: params.t ?? 'week',
        limit: String(params.limit ?? 100),
      });
      const names = params.subreddits ?? [];
      if (names.length > 0) query.set('restrict_sr', '1');
      const path = names.length > 0 ? `/r/${names.join('+')}/search` : '/search';
      return getListing(path, query, signal, priority, user);
    },
    budget,
  };
}

export type RedditClient = ReturnType<typeof createRedditClient>;
