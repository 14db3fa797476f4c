/**
 * What the workers keep about reading Reddit: listings, gaps, the shared budget, subreddits,
 * score candidates and backfills.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { alerts } from './core';

/**
 * One Reddit listing the workers read (`/r/all/new`, `/r/a+b/comments`, ...), with its cursor
 * and its health. The planner keeps the set in line with the live alerts; a worker polls a
 * listing only while it holds its lease (decision record 005).
 */
export const redditListings = pgTable(
  'reddit_listings',
  {
    id: serial('id').primaryKey(),
    /** 'all' (site-wide) or 'subreddits' (a group of named subreddits). */
    scope: text('scope').notNull(),
    /** 'posts' (`/new`) or 'comments' (`/comments`). */
    kind: text('kind').notNull(),
    /** Comma-separated lower-case names of a 'subreddits' listing; null for 'all'. */
    subreddits: text('subreddits'),
    /** False once no live alert needs it; kept for its history. */
    isPlanned: boolean('is_planned').notNull().default(true),
    /** The newest item stored so far: the next read asks for what came after it. */
    cursorFullname: text('cursor_fullname'),
    cursorCreatedAt: timestamp('cursor_created_at', { withTimezone: true }),
    /** The next read drops `before` and reads the newest page (after an empty `before` page). */
    resync: boolean('resync').notNull().default(false),
    overlapReadAt: timestamp('overlap_read_at', { withTimezone: true }),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
    intervalMs: integer('interval_ms').notNull().default(30_000),
    /** Smoothed rate of new items, from the reads so far. */
    itemsPerMinute: doublePrecision('items_per_minute').notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastError: text('last_error'),
    errorSince: timestamp('error_since', { withTimezone: true }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    itemsSeen: bigint('items_seen', { mode: 'number' }).notNull().default(0),
    /** Children Reddit sent that were neither a readable post nor comment. */
    itemsSkipped: bigint('items_skipped', { mode: 'number' }).notNull().default(0),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('reddit_listings_due_idx')
      .on(t.nextPollAt)
      .where(sql`${t.isPlanned}`),
  ],
);

/** Items a listing could not read (it fell behind Reddit's listing window, or lost its cursor). */
export const ingestionGaps = pgTable(
  'ingestion_gaps',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => redditListings.id, { onDelete: 'cascade' }),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    fromTime: timestamp('from_time', { withTimezone: true }).notNull(),
    toTime: timestamp('to_time', { withTimezone: true }).notNull(),
    estimatedItems: integer('estimated_items').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('ingestion_gaps_detected_idx').on(t.detectedAt)],
);

/** One row: the Reddit client's shared request budget and its last outcome. */
export const redditClientState = pgTable('reddit_client_state', {
  id: integer('id').primaryKey(),
  /** The budget (src/server/reddit/budget.ts BudgetState). */
  budget: jsonb('budget'),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorKind: text('last_error_kind'),
  errorSince: timestamp('error_since', { withTimezone: true }),
});

/**
 * Post ids (Reddit's base-36 id as a number) that the id enumeration need not ask for: seen by
 * a posts listing or by the enumeration ahead of its position, or removed when asked (a post
 * waiting for approval) and asked again at `recheckAt` (decision record 005, "Posts by id").
 */
export const redditPostIds = pgTable(
  'reddit_post_ids',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    recheckAt: timestamp('recheck_at', { withTimezone: true }),
    checks: integer('checks').notNull().default(0),
  },
  (t) => [
    index('reddit_post_ids_recheck_idx')
      .on(t.recheckAt)
      .where(sql`${t.recheckAt} is not null`),
  ],
);

/** What the workers learned about a subreddit: whether r/all carries it, whether it answers. */
export const subreddits = pgTable('subreddits', {
  name: text('name').primaryKey(),
  seenInAllAt: timestamp('seen_in_all_at', { withTimezone: true }),
  /** 'ok', 'forbidden' (403: private or quarantined) or 'not-found' (404: banned or none). */
  access: text('access').notNull().default('ok'),
  accessCheckedAt: timestamp('access_checked_at', { withTimezone: true }),
});

/**
 * Items that match an alert in everything but `minScore`: re-checked through `/api/info` at
 * rising intervals until their score reaches it (then stored as a mention) or they expire.
 * `item` keeps what `/api/info` does not send again (a comment's post title).
 */
export const scoreCandidates = pgTable(
  'score_candidates',
  {
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    redditId: text('reddit_id').notNull(),
    item: jsonb('item').notNull(),
    matchedKeyword: text('matched_keyword').notNull(),
    score: integer('score').notNull(),
    checks: integer('checks').notNull().default(0),
    createdAt: createdAt(),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.redditId] }),
    index('score_candidates_next_check_idx').on(t.nextCheckAt),
  ],
);

/**
 * The one-off 7-day search of an alert, one row per (alert, keyword + subreddits): an edit
 * back to a query already searched finds its row and searches nothing twice.
 */
export const alertBackfills = pgTable(
  'alert_backfills',
  {
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    queryKey: text('query_key').notNull(),
    /** pending → done | failed | superseded (the alert changed again before it ran). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    stored: integer('stored').notNull().default(0),
    /** Matches not stored because the user's monthly mentions were used up. */
    overQuota: integer('over_quota').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.queryKey] }),
    index('alert_backfills_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
