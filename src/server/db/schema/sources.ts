/** What the workers keep about reading the sites beyond Reddit (decision 029). */
import { integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One site's reading: its cursor (committed in the transaction that stores the mentions it
 * produced), its health for the status line, and the lease that lets one worker read it.
 */
export const sourceReads = pgTable('source_reads', {
  /** hackernews, lobsters or bluesky. */
  source: text('source').primaryKey(),
  /** The reader's own cursor (an HN id and its retries, Lobsters stories, a Jetstream time_us). */
  cursor: jsonb('cursor'),
  lastReadAt: timestamp('last_read_at', { withTimezone: true }),
  /** Seconds the newest item read was behind the site's newest at the last read. */
  lagSeconds: real('lag_seconds'),
  lastError: text('last_error'),
  errorSince: timestamp('error_since', { withTimezone: true }),
  /** Items passed over as unreadable since `skippedSince` (a window of at most 24 h). */
  skipped: integer('skipped').notNull().default(0),
  skippedSince: timestamp('skipped_since', { withTimezone: true }),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});

/** Bluesky handles by DID, from Jetstream's identity events: cards say @handle, not a DID. */
export const blueskyHandles = pgTable('bluesky_handles', {
  did: text('did').primaryKey(),
  handle: text('handle').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
