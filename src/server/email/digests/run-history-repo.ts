import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { digestRuns } from '../../db/schema';

/**
 * Drops finished runs older than `before`, keeping each user's newest one (the Notifications
 * tab shows it): the table stays about one row per user plus the last few months.
 */
export async function pruneRuns(db: DbOrTx, before: Date, limit = 5000) {
  await db.execute(sql`
    delete from ${digestRuns} where id in (
      select r.id from ${digestRuns} r
      where r.created_at < ${before.toISOString()}
        and r.status not in ('pending', 'retry', 'sending')
        and exists (select 1 from ${digestRuns} n
                    where n.user_id = r.user_id and n.created_at > r.created_at
                      and n.status not in ('pending', 'retry', 'sending'))
      limit ${limit})`);
}
