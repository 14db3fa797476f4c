import type { Clock } from '../clock';
import { RateLimitedError } from './errors';

/**
 * Fixed-window counters kept in memory, keyed by anything (IP, email). Our own rather than
 * @fastify/rate-limit because login needs two keys per request (IP and the email in the body,
 * known only after parsing) and the window must follow the injected clock in tests.
 * Per process: behind a load balancer each web instance counts on its own.
 */
export function createRateLimiter(options: {
  max: number;
  windowMs: number;
  clock: Clock;
  message: string;
}) {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = 0;

  function sweep(now: number) {
    if (now - lastSweep < options.windowMs) return;
    lastSweep = now;
    for (const [key, window] of windows) {
      if (now - window.start >= options.windowMs) windows.delete(key);
    }
  }

  return {
    /** Counts one attempt for the key; throws RateLimitedError past the limit. */
    hit(key: string) {
      const now = options.clock.now().getTime();
      sweep(now);
      let window = windows.get(key);
      if (!window || now - window.start >= options.windowMs) {
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > options.max) {
        const retryAfter = Math.max(1, Math.ceil((window.start + options.windowMs - now) / 1000));
        throw new RateLimitedError(options.message, retryAfter);
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
