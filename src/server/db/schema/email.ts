/** Digest settings, the digests sent and the weekly reports (src/server/email/weekly-report). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './core';

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
    // The weekly report (opt-in, decision 035): on or off, and its next Monday 08:00 in the
    // user's timezone as an instant (null while off), so the due query is a range scan.
    weeklyReport: boolean('weekly_report').notNull().default(false),
    weeklyReportAt: timestamp('weekly_report_at', { withTimezone: true }),
  },
  (t) => [
    index('digest_configs_next_slot_idx')
      .on(t.nextSlotAt)
      .where(sql`${t.isActive}`),
    index('digest_configs_retry_idx').on(t.retryAt),
    index('digest_configs_weekly_report_idx')
      .on(t.weeklyReportAt)
      .where(sql`${t.weeklyReport}`),
  ],
);

/**
 * One digest email: recorded with the mentions it covers and its Message-ID before it is sent,
 * so a retry resends the same message (same id, same mentions, re-rendered rather than stored:
 * 30 KB of HTML per user per day is not worth keeping) and a crash never drops or doubles them
 * (docs/decisions/017-digests-exactly-once.md). Open while pending, retry or sending.
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
 * One weekly report: at most one per user and reported ISO week (the unique index is what makes
 * a second worker or a restart harmless), recorded with its Message-ID before it is sent and
 * leased while a worker handles it. pending → sending → sent | retry → sending … | failed;
 * `empty` (no mentions that week: nothing sent) and `cancelled` (turned off meanwhile) close it
 * too. Decision 035.
 */
export const weeklyReports = pgTable(
  'weekly_reports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The reported week, ISO 8601 (`2026-W47`): Monday to Sunday in the user's timezone. */
    week: text('week').notNull(),
    messageId: text('message_id').notNull().unique(),
    status: text('status').notNull(),
    /** The Monday 08:00 it was due at. */
    slotAt: timestamp('slot_at', { withTimezone: true }).notNull(),
    mentionCount: integer('mention_count').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('weekly_reports_user_week_uq').on(t.userId, t.week),
    index('weekly_reports_open_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'retry', 'sending')`),
  ],
);
