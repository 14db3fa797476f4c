/** Notification channels, the alerts that use them, and the delivery outbox. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { alerts, mentions, workspaces } from './core';

/**
 * A place a user's mentions are pushed to. `target` and `token` are secrets (a webhook URL is
 * its own credential): they leave the server masked. `signing_secret` is a webhook channel's
 * `whsec_` key, shown once at creation and on rotation.
 */
export const channels = pgTable(
  'channels',
  {
    id: serial('id').primaryKey(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // slack | discord | telegram | ntfy | webhook
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    target: text('target').notNull(),
    token: text('token'),
    signingSecret: text('signing_secret'),
    isPaused: boolean('is_paused').notNull().default(false),
    /** Set when the target said it is gone (410, Slack's no_service…); null when paused by hand. */
    pausedReason: text('paused_reason'),
    lastDeliveryAt: timestamp('last_delivery_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    /**
     * No send to this channel before then: a worker sending to it holds it this way (a lease),
     * and leaves it set a second after its last message (per-target pacing) or at a 429's
     * Retry-After.
     */
    sendAfter: timestamp('send_after', { withTimezone: true }),
  },
  (t) => [
    index('channels_user_idx').on(t.workspaceId),
    // A user's channels are told apart by name (delivery logs, dead letters, notices).
    uniqueIndex('channels_user_name_idx').on(t.workspaceId, sql`lower(${t.name})`),
  ],
);

/** Which channels an alert's mentions go to. */
export const alertChannels = pgTable(
  'alert_channels',
  {
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.channelId] }),
    index('alert_channels_channel_idx').on(t.channelId),
  ],
);

/**
 * The outbox: one row per (mention, channel), written in the transaction that stores the
 * mention (docs/decisions/012-channel-outbox.md). pending → sent | dead | cancelled. A worker
 * leases due rows (`lease_owner`, `lease_until`); `webhook_id` is fixed at insert, so every
 * retry of one delivery carries the same Standard Webhooks id.
 */
export const channelDeliveries = pgTable(
  'channel_deliveries',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    mentionId: integer('mention_id')
      .notNull()
      .references(() => mentions.id, { onDelete: 'cascade' }),
    alertId: integer('alert_id').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    lastStatus: integer('last_status'),
    webhookId: text('webhook_id')
      .notNull()
      .default(sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('channel_deliveries_mention_channel_uq').on(t.mentionId, t.channelId),
    index('channel_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('channel_deliveries_channel_status_idx').on(t.channelId, t.status),
  ],
);
