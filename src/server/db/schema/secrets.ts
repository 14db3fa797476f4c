import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * One row: a known text sealed with the key of secrets at rest by the first process that used
 * this database. Every process opens it at start-up, so one started with another APP_SECRET
 * stops with a clear line instead of writing secrets no other process can read.
 */
export const appSecretCheck = pgTable('app_secret_check', {
  id: integer('id').primaryKey().default(1),
  sealed: text('sealed').notNull(),
});
