import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';

/** Mentions are inserted this many at a time: each insert's trigger counts its own rows. */
const BATCH = 100_000;

/**
 * `count` mentions for one workspace over the past year, on 20 keywords: two thirds Reddit (40
 * subreddits), the rest Hacker News, Bluesky and Lobsters; authors from a pool of 50,000 with a
 * long tail (a few write much, most once or twice); 2% replied, half of those seen by Earshot
 * with a score. Inserted through the triggers that keep the hourly counts, as ingestion's are.
 */
export async function seedAnalyticsWorkspace(
  database: Database,
  workspaceId: number,
  count: number,
  now: number,
) {
  const { db } = database;
  await db.execute(sql`
    insert into alerts (workspace_id, keyword)
    select ${workspaceId}, (array['acme', 'globex', 'initech', 'umbrella'])[1 + g % 4] || ' ' || g
    from generate_series(1, 20) g`);
  const [{ first }] = (
    (await db.execute(
      sql`select min(id) as first from alerts where workspace_id = ${workspaceId}`,
    )) as unknown as { rows: { first: number }[] }
  ).rows;
  for (let start = 0; start < count; start += BATCH) {
    const end = Math.min(count, start + BATCH);
    await db.execute(sql`
      insert into mentions (alert_id, workspace_id, source, item_id, subreddit, community, title,
                            permalink, author, score, is_comment, reddit_created_at, created_at,
                            matched_keyword, has_replied, replied_at, reply_item_id,
                            reply_permalink, reply_created_at, reply_score, reply_replies)
      select ${first}::int + g % 20, ${workspaceId}::int, s.source, 'a' || g,
             case when s.source = 'reddit' then 'sub' || g % 40 else '' end,
             case when s.source = 'reddit' then 'sub' || g % 40
                  when s.source = 'lobsters' then 'tag' || g % 12 else '' end,
             'Looking at tools, post ' || g, '/p/' || g,
             'author' || floor(50000 * power(((g::bigint * 7919) % 100003) / 100003.0, 3))::int,
             g % 500, g % 3 = 0, t.at, t.at + interval '2 minutes', 'kw',
             g % 50 = 0, case when g % 50 = 0 then t.at + (g % 180) * interval '1 minute' end,
             case when g % 100 = 0 then 'r' || g end,
             case when g % 100 = 0 then '/p/' || g || '/r/' end,
             case when g % 100 = 0 then t.at + (g % 180) * interval '1 minute' end,
             case when g % 100 = 0 then g % 40 end, case when g % 100 = 0 then g % 5 end
      from generate_series(${start + 1}::int, ${end}::int) g,
           lateral (select (array['reddit', 'reddit', 'reddit', 'reddit', 'hackernews',
                                  'bluesky'])[1 + g % 6] as source) s0,
           lateral (select case when g % 97 = 0 then 'lobsters' else s0.source end as source) s,
           lateral (select to_timestamp(${now / 1000}::float8) - g * (interval '365 days' / ${count}::int) as at) t`);
  }
  await db.execute(sql`vacuum analyze mentions`);
  await db.execute(sql`vacuum analyze mention_hourly_counts`);
  await db.execute(sql`vacuum analyze item_hourly_counts`);
}
