import { SourceError } from './source-error';

export type JsonGetterOptions = {
  /** The site's name as a user reads it ("Hacker News"), for error messages. */
  site: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Attempts after the first, for faults worth retrying (timeouts, 5xx, 429, not JSON). */
  retries?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A GET of a JSON document with a time limit, retried with exponential backoff (a 429's
 * Retry-After when longer) on the faults a site recovers from. Every failure becomes a
 * SourceError whose message says what happened without the URL.
 */
export function createJsonGetter(options: JsonGetterOptions) {
  const {
    site,
    fetch: fetchFn = fetch,
    timeoutMs = 10_000,
    retries = 3,
    backoffMs = 500,
    maxBackoffMs = 10_000,
    sleep = realSleep,
  } = options;

  async function once(url: string, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    let text: string;
    try {
      response = await fetchFn(url, {
        headers: { accept: 'application/json', 'user-agent': 'Earshot keyword alerts' },
        signal: combined,
        redirect: 'follow',
      });
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw error;
      if (timeout.aborted) {
        throw new SourceError('timeout', `${site} did not answer within ${timeoutMs / 1000} s`);
      }
      const cause = (error as { cause?: { code?: string } }).cause;
      throw new SourceError(
        'unreachable',
        `${site} unreachable: ${cause?.code ?? 'network error'}`,
      );
    }
    if (response.status === 429) {
      const wait = Number(response.headers.get('retry-after'));
      throw new SourceError(
        'rate-limited',
        `${site} asked us to slow down (429)`,
        429,
        Number.isFinite(wait) && wait >= 0 ? wait : undefined,
      );
    }
    if (response.status !== 200) {
      throw new SourceError('status', `${site} answered ${response.status}`, response.status);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new SourceError('malformed', `${site} sent an answer that is not JSON`, 200);
    }
  }

  return async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(url, signal);
      } catch (error) {
        if (!(error instanceof SourceError) || !error.retryable || attempt >= retries) throw error;
        const backoff = Math.min(maxBackoffMs, backoffMs * 2 ** attempt);
        await sleep(Math.max(backoff, (error.retryAfterSeconds ?? 0) * 1000));
      }
    }
  };
}

export type JsonGetter = ReturnType<typeof createJsonGetter>;
