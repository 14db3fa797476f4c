import { BLOCK_PAGE_HTML } from './feed';
import type { Reply } from './reply';
import type { FakeRedditOptions } from './types';

/**
 * Who may read the public feeds now: undefined lets the request through, else Reddit's HTML
 * block page. Reddit throttles anonymous feed reads per IP (about one a minute), answering 429
 * or 403 past `feedThrottle`'s interval; the private feed token (`feed` and `user` in the query,
 * as the product sends them) is reported to lift that throttle, and a wrong one is refused.
 * Without a configured `feedToken` the query's token is ignored, as before.
 */
export function createFeedGate(
  options: Pick<FakeRedditOptions, 'feedThrottle' | 'feedToken'>,
  clock: () => number,
): (query: URLSearchParams) => Reply | undefined {
  let lastAnonymousAt = -Infinity;
  return (query) => {
    const expected = options.feedToken;
    if (expected && (query.has('feed') || query.has('user'))) {
      const valid = query.get('feed') === expected.token && query.get('user') === expected.user;
      // A token read does not count against the anonymous interval.
      return valid ? undefined : blockPage(403);
    }
    const now = clock();
    const throttle = options.feedThrottle;
    if (throttle && now - lastAnonymousAt < throttle.minIntervalMs) {
      return blockPage(throttle.status ?? 429);
    }
    lastAnonymousAt = now;
    return undefined;
  };
}

function blockPage(status: number): Reply {
  return { status, headers: { 'content-type': 'text/html; charset=UTF-8' }, body: BLOCK_PAGE_HTML };
}
