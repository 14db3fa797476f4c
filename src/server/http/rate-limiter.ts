import { createHash } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { waitInWords } from '../lib/wait-in-words';
import { RateLimitedError } from './errors';

/**
 * Where the counters live: one row per (limit, key) in the database, so that every web process
 * counts together (decision record 023). PGlite uses the same table: one code path.
 */
export type RateLimitStore = ReturnType<typeof databaseRateLimitStore>;

/** A key as stored: a hash, so the table holds no IP or email address in the clear. */
const hashed = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

export function databaseRateLimitStore(db: Db) {
  const t = rateLimitCounters;
  return {
    /** Counts one hit atomically (one upsert); the window's start and its count after it. */
    async count(bucket: string, key: string, now: number, windowMs: number) {
      const expired = sql`${t.windowStart} <= ${now - windowMs}`;
      const [row] = await db
        .insert(t)
        .values({ bucket, key: hashed(key), windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: [t.bucket, t.key],
          set: {
            windowStart: sql`case when ${expired} then ${now} else ${t.windowStart} end`,
            count: sql`case when ${expired} then 1 else ${t.count} + 1 end`,
          },
        })
        .returning({ windowStart: t.windowStart, count: t.count });
      return row;
    },
    /** Drops the limit's windows that ended before `before`. */
    async sweep(bucket: string, before: number) {
      await db.delete(t).where(and(eq(t.bucket, bucket), lte(t.windowStart, before)));
    },
  };
}

/**
 * Fixed-window counters keyed by anything (IP, email, a channel's target). Our own rather than
 * @fastify/rate-limit because login needs two keys per request (IP and the email in the body,
 * known only after parsing) and the window must follow the injected clock in tests.
 * `message` may take the wait in words ("Please try again in 40 seconds.").
 */
export function createRateLimiter(options: {
  /** The limit's name, unique per limit: its rows in the store. */
  bucket: string;
  max: number;
  windowMs: number;
  clock: Clock;
  store: RateLimitStore;
  message: string | ((wait: string) => string);
}) {
  const { bucket, store, windowMs } = options;
  let lastSweep = 0;

  return {
    /** Counts one attempt for the key; throws RateLimitedError past the limit. */
    async hit(key: string) {
      const now = options.clock.now().getTime();
      if (now - lastSweep >= windowMs) {
        lastSweep = now;
        await store.sweep(bucket, now - windowMs);
      }
      const window = await store.count(bucket, key, now, windowMs);
      if (window.count > options.max) {
        const retryAfter = Math.max(1, Math.ceil((window.windowStart + windowMs - now) / 1000));
        const message =
          typeof options.message === 'string'
            ? options.message
            : options.message(waitInWords(retryAfter));
        throw new RateLimitedError(message, retryAfter);
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** What services get: a limiter maker bound to the app's clock and store. */
export type RateLimiterFactory = (
  options: Omit<Parameters<typeof createRateLimiter>[0], 'clock' | 'store'>,
) => RateLimiter;

export function rateLimiterFactory(deps: { clock: Clock; store: RateLimitStore }) {
  return ((options) => createRateLimiter({ ...options, ...deps })) satisfies RateLimiterFactory;
}
