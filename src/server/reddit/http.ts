import { RedditError } from './errors';

export type HttpFetch = typeof fetch;

export type RawResponse = {
  status: number;
  headers: Headers;
  text: string;
  /** The body as JSON; throws a `malformed` RedditError when it is not. */
  json(): unknown;
};

/**
 * One HTTP exchange with a time limit. Network failures and timeouts become RedditErrors;
 * every status comes back as a response for the caller to judge.
 */
export async function sendRequest(
  fetchFn: HttpFetch,
  url: string,
  init: {
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    body?: string;
    timeoutMs: number;
    /** What was asked for (a path): kept on the error for logs, never in its message. */
    what: string;
    signal?: AbortSignal;
  },
): Promise<RawResponse> {
  const timeout = AbortSignal.timeout(init.timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  let response: Response;
  let text: string;
  try {
    response = await fetchFn(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      signal,
      redirect: 'manual',
    });
    text = await response.text();
  } catch (error) {
    if (init.signal?.aborted) throw error;
    if (timeout.aborted) {
      throw new RedditError(
        'timeout',
        `Reddit did not answer within ${Math.round(init.timeoutMs / 1000)} s`,
        undefined,
        undefined,
        init.what,
      );
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new RedditError(
      'unreachable',
      `Reddit unreachable: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
      undefined,
      undefined,
      init.what,
    );
  }
  return {
    status: response.status,
    headers: response.headers,
    text,
    json() {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new RedditError(
          'malformed',
          text.trim() === ''
            ? `Reddit sent an empty answer (status ${response.status})`
            : 'Reddit sent an answer that is not JSON',
          response.status,
          undefined,
          init.what,
        );
      }
    },
  };
}
