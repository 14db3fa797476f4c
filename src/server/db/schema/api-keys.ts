/** The public API's keys (DESIGN §7): each belongs to a workspace and acts for its maker there. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users, workspaces } from './core';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The admin who made it: the key works while they are an admin or owner of the workspace. */
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** read | write (src/shared/api/api-keys.ts). */
    scope: text('scope').notNull(),
    /** The key's first 12 characters, shown in lists and used to find its row. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key, hex: the key itself is never stored. */
    keyHash: text('key_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('api_keys_prefix_idx')
      .on(t.prefix)
      .where(sql`${t.revokedAt} is null`),
    index('api_keys_workspace_idx').on(t.workspaceId),
  ],
);
