/**
 * Tables of the alert change feed, created by migration 0002_alert-change-feed.sql (with
 * the triggers on `alerts` that fill them). Declared here rather than in db/schema.ts
 * because only the change feed reads them and drizzle-kit must not manage them.
 */
import { bigint, bigserial, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

export const alertChanges = pgTable('alert_changes', {
  version: bigserial('version', { mode: 'bigint' }).primaryKey(),
  alertId: integer('alert_id').notNull(),
  /** The id of the transaction that made the change (`pg_current_xact_id()`). */
  tx: bigint('tx', { mode: 'bigint' }).notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const alertChangeLogState = pgTable('alert_change_log_state', {
  id: integer('id').primaryKey(),
  /** Changes of transactions below this id may have been pruned. */
  prunedBelowTx: bigint('pruned_below_tx', { mode: 'bigint' }).notNull(),
});
