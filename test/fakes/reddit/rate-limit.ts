/**
 * Reddit's per-client budget: fixed windows (aligned to the fake's start), x-ratelimit-* headers
 * on every API answer, and a bare 429 with an HTML body once the budget is spent.
 */
export class RateLimiter {
  private readonly used = new Map<string, { window: number; used: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowSeconds: number,
    private readonly startMs: number,
    private readonly clock: () => number,
  ) {}

  /** Counts one request; the headers to send, or the seconds to wait when over budget. */
  take(clientId: string): { headers: Record<string, string> } | { retryAfter: number } {
    const now = this.clock();
    const windowMs = this.windowSeconds * 1000;
    const window = Math.floor((now - this.startMs) / windowMs);
    const resetSeconds = Math.max(
      1,
      Math.ceil((this.startMs + (window + 1) * windowMs - now) / 1000),
    );
    let entry = this.used.get(clientId);
    if (!entry || entry.window !== window) this.used.set(clientId, (entry = { window, used: 0 }));
    if (entry.used >= this.limit) return { retryAfter: resetSeconds };
    entry.used++;
    return {
      headers: {
        'x-ratelimit-used': String(entry.used),
        'x-ratelimit-remaining': (this.limit - entry.used).toFixed(1),
        'x-ratelimit-reset': String(resetSeconds),
      },
    };
  }
}

export function tooManyRequestsHtml(retryAfter: number): string {
  return `
<!doctype html>
<html>
  <head>
    <title>Too Many Requests</title>
  </head>
  <body>
    <h1>whoa there, pardner!</h1>

<p>we're sorry, but you appear to be a bot and we've seen too many requests
from you lately. we enforce a hard speed limit on requests that appear to come
from bots to prevent abuse.</p>

<p>please wait ${retryAfter} second(s) and try again.</p>
  </body>
</html>
`;
}
