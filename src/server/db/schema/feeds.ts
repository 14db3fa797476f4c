import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { workspaces } from './core';

/**
 * Each user's feed token: the secret part of their Atom and JSON Feed URLs. A feed is found by
 * the token's SHA-256 (`token_hash`); `token` holds the token sealed with APP_SECRET, because
 * Settings shows the URLs again on every visit (decision 020). Rotating replaces both, and the
 * old URLs answer 404 from then on.
 */
export const feedTokens = pgTable('feed_tokens', {
  workspaceId: integer('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  /** Sealed (`enc:v1:…`); a row from before sealing holds plaintext until the next start. */
  token: text('token').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});
