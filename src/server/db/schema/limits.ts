import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters of the rate limits (http/rate-limiter.ts), in the database so that every
 * web process counts together. `key` is a hash of what is counted (an IP, an email, a target):
 * the table holds no address in the clear.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** Which limit: `login-per-ip`, `channel-test-per-target`, ... */
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    /** Start of the current window, in milliseconds since the epoch (the app's clock). */
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);
