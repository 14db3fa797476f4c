/** A user's global exclusions and what they filtered each day. */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { alerts, workspaces } from './core';

/**
 * Subreddits and authors never stored as mentions for any of the user's alerts, lower-cased
 * (Reddit's names compare case-insensitively). A user without a row excludes nothing.
 */
export const userExclusions = pgTable('user_exclusions', {
  workspaceId: integer('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  subreddits: text('subreddits')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  authors: text('authors')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Matches dropped by a user's exclusions, per UTC day (Settings shows today's). */
export const exclusionCounts = pgTable(
  'exclusion_counts',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    filtered: integer('filtered').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day] })],
);

/**
 * The matches (alert, item) a user's exclusions dropped lately, so that a page read twice
 * counts each once. Rows older than yesterday are pruned as new ones are written.
 */
export const exclusionFilteredMatches = pgTable(
  'exclusion_filtered_matches',
  {
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    workspaceId: integer('workspace_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.itemId] }),
    index('exclusion_filtered_matches_day_idx').on(t.day),
  ],
);
