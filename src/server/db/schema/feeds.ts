import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './core';

/**
 * Each user's feed token: the secret part of their Atom and JSON Feed URLs. Kept as issued (the
 * URLs are shown again on every visit to Settings, like an API key's owner page would); rotating
 * replaces it, and the old URLs answer 404 from then on.
 */
export const feedTokens = pgTable('feed_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
});
