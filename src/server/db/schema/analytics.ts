/** What the Analytics page reads instead of scanning a period's mentions (decision 034). */
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './core';

/**
 * A workspace's visible mentions per hour (by when they were posted) and keyword, kept by the
 * triggers on `mentions` of migration 0028, so no insert, delete or hide can forget them.
 */
export const mentionHourlyCounts = pgTable(
  'mention_hourly_counts',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** No foreign key: a deleted keyword's rows are counted down to zero by its mentions'. */
    alertId: integer('alert_id').notNull(),
    mentions: integer('mentions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.hour, t.alertId] })],
);

/**
 * The same per hour and site, counting items: an item matched by two keywords is one, counted
 * on the hour of its lowest-id visible mention (decision 025's rule). Apart from the keywords'
 * counts so that each table has few rows an hour (decision 034).
 */
export const itemHourlyCounts = pgTable(
  'item_hourly_counts',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
    items: integer('items').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.hour, t.source] })],
);

/**
 * A large workspace's top communities and authors for a period, computed from its mentions at
 * most every few minutes and served meanwhile (too many distinct authors to count per request).
 */
export const analyticsTops = pgTable(
  'analytics_tops',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    days: integer('days').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    communities: jsonb('communities').notNull(),
    authors: jsonb('authors').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.days] })],
);
