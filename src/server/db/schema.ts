import { and, eq, sql } from 'drizzle-orm';
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  password: text('password').notNull(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
  planType: text('plan_type').notNull().default('free'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  customerId: text('customer_id').unique(),
  timezone: text('timezone').notNull().default('UTC'),
});

/** Server-side sessions: only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    subreddits: text('subreddits'),
    includeComments: boolean('include_comments').notNull().default(true),
    titlesOnly: boolean('titles_only').notNull().default(false),
    minScore: integer('min_score').notNull().default(1),
    digestFrequency: text('digest_frequency').notNull().default('realtime'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    isPaused: boolean('is_paused').notNull().default(false),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }),
    pollPriority: integer('poll_priority').notNull().default(0),
  },
  (t) => [
    index('alerts_user_id_idx').on(t.userId),
    // The matching index compiles from the active alerts only.
    index('alerts_active_idx')
      .on(t.id)
      .where(sql`${t.isActive} and not ${t.isPaused}`),
  ],
);

/**
 * "An alert is live": active and not paused. Only live alerts are matched, polled, and counted
 * against the plan. The SQL form of `isLiveAlert` (src/shared/api/alerts.ts); keep them equal.
 */
export const liveAlert = and(eq(alerts.isActive, true), eq(alerts.isPaused, false));

export const mentions = pgTable(
  'mentions',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Reddit fullname (t3_x / t1_y): a mention is unique per (alert, item).
    redditId: text('reddit_id').notNull(),
    subreddit: text('subreddit').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    permalink: text('permalink').notNull(),
    author: text('author').notNull().default('[deleted]'),
    score: integer('score').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    isComment: boolean('is_comment').notNull().default(false),
    createdAt: createdAt(),
    redditCreatedAt: timestamp('reddit_created_at', { withTimezone: true }).notNull(),
    matchedKeyword: text('matched_keyword').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    hasReplied: boolean('has_replied').notNull().default(false),
    isIncludedInDigest: boolean('is_included_in_digest').notNull().default(false),
    /** Found by the one-off 7-day search of a new or changed alert, not by the live listings. */
    isBackfilled: boolean('is_backfilled').notNull().default(false),
    /** When a re-check found the item deleted or removed on Reddit. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** When a re-check last refreshed score and comment count (mentions younger than 48 h). */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mentions_alert_item_uq').on(t.alertId, t.redditId),
    // Mentions stored in a period (today, this month, the activity chart's 30 days): with the
    // alert id in the index, per-alert daily counts need no visit to the table (decision 006).
    index('mentions_user_created_alert_idx').on(t.userId, t.createdAt, t.alertId),
    // The mentions feed pages newest first by Reddit time with a keyset cursor (decision 006);
    // the partial one serves the Replied filter and repliedCount without reading other rows.
    // NULLS FIRST is what ORDER BY … DESC means: an index built NULLS LAST cannot give that order.
    index('mentions_user_feed_idx').on(
      t.userId,
      t.redditCreatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('mentions_user_replied_idx')
      .on(t.userId, t.redditCreatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.hasReplied}`),
    // The digest job reads only a user's not-yet-digested mentions.
    index('mentions_undigested_idx')
      .on(t.userId)
      .where(sql`not ${t.isIncludedInDigest}`),
    // Score re-checks: the young mentions, and every alert's copy of one Reddit item.
    index('mentions_reddit_created_idx').on(t.redditCreatedAt),
    index('mentions_reddit_id_idx').on(t.redditId),
  ],
);

export const digestConfigs = pgTable(
  'digest_configs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: text('frequency').notNull().default('daily'),
    time: text('time').notNull().default('08:00'),
    timezone: text('timezone').notNull().default('UTC'),
    weekday: integer('weekday').notNull().default(1),
    lastSent: timestamp('last_sent', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Digest job bookkeeping (src/server/email/digests): the next local slot as an instant, when an
    // open run should be retried, and a row lease so that several workers never take one user.
    nextSlotAt: timestamp('next_slot_at', { withTimezone: true }),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    // Key of the unsubscribe links' HMAC: rotating it revokes every link already sent.
    unsubscribeSecret: text('unsubscribe_secret')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
  },
  (t) => [
    index('digest_configs_next_slot_idx')
      .on(t.nextSlotAt)
      .where(sql`${t.isActive}`),
    index('digest_configs_retry_idx').on(t.retryAt),
  ],
);

export const subscriptionPlans = pgTable('subscription_plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  price: integer('price').notNull(),
  interval: text('interval').notNull().default('month'),
  features: jsonb('features').notNull().default([]),
  // { activeKeywords, monthlyMentions }; null = unlimited (DESIGN.md §2).
  limits: jsonb('limits').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  stripePriceId: text('stripe_price_id'),
  createdAt: createdAt(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'restrict' }),
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    metadata: jsonb('metadata'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_id_idx').on(t.userId)],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    // Kept when the account is deleted (bookkeeping), with the user reference cleared.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull(),
    stripePaymentId: text('stripe_payment_id').unique(),
    paymentMethod: text('payment_method'),
    receiptUrl: text('receipt_url'),
    createdAt: createdAt(),
  },
  (t) => [index('payments_user_id_idx').on(t.userId)],
);

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

/** What the workers learned about a subreddit: whether r/all carries it, whether it answers. */
export const subreddits = pgTable('subreddits', {
  name: text('name').primaryKey(),
  seenInAllAt: timestamp('seen_in_all_at', { withTimezone: true }),
  /** 'ok', 'forbidden' (403: private or quarantined) or 'not-found' (404: banned or none). */
  access: text('access').notNull().default('ok'),
  accessCheckedAt: timestamp('access_checked_at', { withTimezone: true }),
});

/** Matches not stored because a Free user had used the month's mentions. */
export const mentionQuotaSkips = pgTable(
  'mention_quota_skips',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** First day of the UTC month. */
    month: timestamp('month', { withTimezone: true }).notNull(),
    skipped: integer('skipped').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/**
 * Payment-provider events already applied (Stripe webhook ids, test-mode event ids): a replayed
 * or duplicated delivery is acknowledged without being applied twice.
 */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

/** Checkout sessions of the built-in test mode (no payment provider configured). */
export const testCheckoutSessions = pgTable(
  'test_checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'restrict' }),
    // open → paid | canceled | expired
    status: text('status').notNull().default('open'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('test_checkout_sessions_user_id_idx').on(t.userId)],
);

/**
 * Alerts a downgrade to Free paused (alerts.is_active = false). The dashboard names them while
 * they stay paused and untouched since (updated_at < paused_at); a new upgrade resumes them.
 */
export const planPausedAlerts = pgTable(
  'plan_paused_alerts',
  {
    alertId: integer('alert_id')
      .primaryKey()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pausedAt: timestamp('paused_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('plan_paused_alerts_user_id_idx').on(t.userId)],
);

/**
 * One digest email: recorded with the mentions it covers and its Message-ID before it is sent,
 * so a retry resends the same message (same id, same mentions, re-rendered rather than stored:
 * 30 KB of HTML per user per day is not worth keeping) and a crash never drops or doubles them
 * (docs/decisions/020-digests-exactly-once.md). Open while pending, retry or sending.
 */
export const digestRuns = pgTable(
  'digest_runs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull().unique(),
    // pending → sending → sent | retry → sending … | failed | cancelled
    status: text('status').notNull(),
    slotAt: timestamp('slot_at', { withTimezone: true }).notNull(),
    mentionIds: integer('mention_ids').array().notNull(),
    mentionCount: integer('mention_count').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('digest_runs_user_created_idx').on(t.userId, t.createdAt.desc()),
    // At most one open run per user, whatever the workers do.
    uniqueIndex('digest_runs_one_open_uq')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'retry', 'sending')`),
  ],
);

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
