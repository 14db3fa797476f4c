import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
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
  },
  (t) => [
    uniqueIndex('mentions_alert_item_uq').on(t.alertId, t.redditId),
    index('mentions_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The digest job reads only a user's not-yet-digested mentions.
    index('mentions_undigested_idx')
      .on(t.userId)
      .where(sql`not ${t.isIncludedInDigest}`),
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
