/** Accounts, alerts and the mentions they find. */
import type { SourceName } from '@shared/sources';
import { and, eq, sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
  /** When the user proved they read mail at `email`; no mail but account mail goes there before. */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** An address asked for but not yet verified: it becomes `email` when its link is opened. */
  pendingEmail: text('pending_email'),
  /** Per-user key of the known-device cookies (decision 009); replaced to forget every device. */
  deviceKey: text('device_key')
    .notNull()
    .default(sql`replace(gen_random_uuid()::text, '-', '')`),
});

/**
 * Where a team's work lives (decision 031): alerts, mentions, channels, exclusions and feeds
 * belong to a workspace, not to a person. Every account has a personal one whose id is the
 * account's id (given at sign-up, so migrated rows kept their numbers); its plan is its billing
 * user's, the account that made it.
 */
export const workspaces = pgTable('workspaces', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** Whose plan it has and who pays: its maker. Null once that account is gone. */
  billingUserId: integer('billing_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * Single-use links mailed to a user (email verification, password reset): only the token's
 * SHA-256 is stored, with the address it was sent to and when it stops working.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('account_tokens_user_idx').on(t.userId, t.purpose),
    index('account_tokens_expires_idx').on(t.expiresAt),
  ],
);

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
    /** The workspace the session works in; null or no longer a member's: the personal one. */
    workspaceId: integer('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
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
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    /** Lower-cased comma-separated names that matching and listings compare; null: all. */
    subreddits: text('subreddits'),
    /** The same names in the casing the user wrote them, for display. */
    subredditLabels: text('subreddit_labels'),
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
    /**
     * Written before top-level filters applied to the whole query (decision 024): its owner
     * is shown what changed, if anything, until they dismiss the notice or edit the keyword.
     */
    filterScopeReview: boolean('filter_scope_review').notNull().default(false),
    /** The sites it listens to (src/shared/sources.ts); alerts older than the other sites: Reddit. */
    sources: text('sources')
      .array()
      .notNull()
      .default(sql`ARRAY['reddit']::text[]`),
  },
  (t) => [
    index('alerts_user_id_idx').on(t.workspaceId),
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
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The site it is from (src/shared/sources.ts). */
    source: text('source').$type<SourceName>().notNull().default('reddit'),
    // The site's own id (a Reddit fullname t3_x / t1_y, an HN number, a Lobsters short id, an
    // at:// URI): a mention is unique per (alert, source, item).
    itemId: text('item_id').notNull(),
    /** The subreddit on Reddit; '' elsewhere. */
    subreddit: text('subreddit').notNull(),
    /** Where on its site: the subreddit, or a Lobsters story's first tag; '' where there is none. */
    community: text('community').notNull().default(''),
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
    /** The user's thumbs: 'relevant' or 'irrelevant', the alert's classifier's labels. */
    feedback: text('feedback'),
    feedbackAt: timestamp('feedback_at', { withTimezone: true }),
    /** Probability it is not relevant, by the alert's classifier when stored; null: no model. */
    relevance: real('relevance'),
    /** Stored as likely not relevant while the alert hid those: not listed, sent or emailed. */
    hidden: boolean('hidden').notNull().default(false),
    /** Who flipped Replied on, and when (teams: the card says who already answered). */
    repliedByUserId: integer('replied_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** The member it was handed to, if any. */
    assignedToUserId: integer('assigned_to_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Its thread on its site (SourceItem.threadId): where a member's reply is looked for. */
    threadId: text('thread_id'),
    /**
     * The first reply in its thread by a member's identity, seen by ingestion (DESIGN §9): the
     * reply's id, link and time, its score and replies as last read.
     */
    replyItemId: text('reply_item_id'),
    replyPermalink: text('reply_permalink'),
    replyCreatedAt: timestamp('reply_created_at', { withTimezone: true }),
    replyScore: integer('reply_score'),
    replyReplies: integer('reply_replies'),
    replyRefreshedAt: timestamp('reply_refreshed_at', { withTimezone: true }),
    /** When a re-check found the reply deleted or removed: it stays recorded, marked. */
    replyRemovedAt: timestamp('reply_removed_at', { withTimezone: true }),
    /** The comments under the reply read so far: `reply_replies` counts each once. */
    replyChildIds: text('reply_child_ids').array(),
  },
  (t) => [
    uniqueIndex('mentions_alert_source_item_uq').on(t.alertId, t.source, t.itemId),
    // Mentions stored in a period (today, this month, the activity chart's 30 days): with the
    // alert id in the index, per-alert daily counts need no visit to the table (decision 006).
    index('mentions_user_created_alert_idx').on(t.workspaceId, t.createdAt, t.alertId),
    // The mentions feed pages newest first by Reddit time with a keyset cursor (decision 006);
    // the partial one serves the Replied filter and repliedCount without reading other rows.
    // NULLS FIRST is what ORDER BY … DESC means: an index built NULLS LAST cannot give that order.
    index('mentions_user_feed_idx').on(
      t.workspaceId,
      t.redditCreatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('mentions_user_replied_idx')
      .on(t.workspaceId, t.redditCreatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.hasReplied}`),
    // One item stored for several of a user's keywords: the feed lists it once and the quota
    // charges it once (decision 025), both looking its other mentions up by this.
    index('mentions_user_item_idx').on(t.workspaceId, t.itemId, t.id),
    // The digest job reads only a user's not-yet-digested mentions.
    index('mentions_undigested_idx')
      .on(t.workspaceId)
      .where(sql`not ${t.isIncludedInDigest}`),
    // Score re-checks: the young mentions, and every alert's copy of one Reddit item.
    index('mentions_reddit_created_idx').on(t.redditCreatedAt),
    index('mentions_reddit_id_idx').on(t.itemId),
    // An alert's labels, read by its training; the hidden ones counted per day.
    index('mentions_feedback_idx')
      .on(t.alertId)
      .where(sql`${t.feedback} is not null`),
    index('mentions_user_hidden_idx')
      .on(t.workspaceId, t.createdAt)
      .where(sql`${t.hidden}`),
    // A member's reply seen in a read: the mentions of its thread, still without a reply.
    index('mentions_thread_idx')
      .on(t.source, t.threadId)
      .where(sql`${t.threadId} is not null and ${t.replyItemId} is null`),
    // A read's comment under a member's recorded reply, or the reply read again.
    index('mentions_reply_item_idx')
      .on(t.source, t.replyItemId)
      .where(sql`${t.replyItemId} is not null`),
  ],
);

/** Matches not stored because a Free workspace had used the month's mentions. */
export const mentionQuotaSkips = pgTable(
  'mention_quota_skips',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** First day of the UTC month. */
    month: timestamp('month', { withTimezone: true }).notNull(),
    skipped: integer('skipped').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.month] })],
);
