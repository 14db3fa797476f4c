/** A user's global exclusions and what they filtered each day. */
import { sql } from 'drizzle-orm';
import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './core';

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
