/** Who a person is on the sites Earshot reads, so their own replies are recognised (DESIGN §9). */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core';

export const userIdentities = pgTable(
  'user_identities',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** reddit | hackernews | bluesky (src/shared/api/identities.ts). */
    source: text('source').notNull(),
    /** As the person typed it, without the site's decorations ("u/", "@"). */
    name: text('name').notNull(),
    /** Lower-cased: what a comment's author is compared with. */
    nameKey: text('name_key').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.source] }),
    // Two members may claim one name (both are shown): the lookup is by name, not unique.
    index('user_identities_name_idx').on(t.source, t.nameKey),
  ],
);
