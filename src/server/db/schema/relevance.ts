/** Relevance learned from a user's thumbs up and down on the mentions of each alert. */
import { boolean, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { alerts } from './core';

/**
 * Per alert: whether its likely-irrelevant mentions are hidden, and its classifier (decision
 * 014). The labels themselves are on the mentions (`feedback`). `labelsVersion` moves with
 * every label given or taken back; the training job retrains an alert whose `trainedVersion`
 * lags behind it. An alert without a row has no labels, no model and hides nothing.
 */
export const alertRelevance = pgTable('alert_relevance', {
  alertId: integer('alert_id')
    .primaryKey()
    .references(() => alerts.id, { onDelete: 'cascade' }),
  hideIrrelevant: boolean('hide_irrelevant').notNull().default(false),
  labelsVersion: integer('labels_version').notNull().default(0),
  trainedVersion: integer('trained_version').notNull().default(0),
  /** The serialised classifier (src/server/relevance/classifier.ts); null below enough labels. */
  model: jsonb('model'),
  /** A random id per training: workers keep parsed models while it stays the same. */
  modelId: text('model_id'),
  trainedAt: timestamp('trained_at', { withTimezone: true }),
  /** The labels the model was trained and cross-validated on. */
  trainedRelevant: integer('trained_relevant').notNull().default(0),
  trainedIrrelevant: integer('trained_irrelevant').notNull().default(0),
  /** Cross-validated on those labels; precision is null when the model would hide none. */
  precision: real('precision'),
  recall: real('recall'),
});
