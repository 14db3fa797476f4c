import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { migrationsBefore } from '../helpers/migrations-before';
import { alerts, mentions, users } from '../../src/server/db/schema';

test('the sources migrations keep every alert and mention, as Reddit’s, unique per site', async () => {
  const database = await openDatabase({ memory: true });
  const before = migrationsBefore('0022_sources');
  try {
    await runMigrations(database, before);
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ username: 'a@example.com', email: 'a@example.com', password: 'x' })
      .returning();
    // Raw SQL: the schema names the columns the migrations add or rename.
    const [alert] = (
      (await db.execute(
        sql`insert into alerts (user_id, keyword) values (${user.id}, 'zendesk') returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    for (const [id, subreddit] of [
      ['t3_a1', 'SaaS'],
      ['t1_b2', 'startups'],
    ]) {
      await db.execute(sql`insert into mentions (alert_id, user_id, reddit_id, subreddit, permalink,
        reddit_created_at, matched_keyword) values (${alert.id}, ${user.id}, ${id}, ${subreddit},
        'https://www.reddit.com/r/x/', now(), 'zendesk')`);
    }
    await runMigrations(database);

    expect(await db.select({ sources: alerts.sources }).from(alerts)).toEqual([
      { sources: ['reddit'] },
    ]);
    const rows = await db
      .select({
        source: mentions.source,
        itemId: mentions.itemId,
        subreddit: mentions.subreddit,
        community: mentions.community,
      })
      .from(mentions)
      .orderBy(mentions.id);
    expect(rows).toEqual([
      { source: 'reddit', itemId: 't3_a1', subreddit: 'SaaS', community: 'SaaS' },
      { source: 'reddit', itemId: 't1_b2', subreddit: 'startups', community: 'startups' },
    ]);
    // The same id on another site is another item; on the same site, the same one.
    const row = {
      alertId: alert.id,
      userId: user.id,
      itemId: 't3_a1',
      subreddit: '',
      permalink: 'https://news.ycombinator.com/item?id=1',
      redditCreatedAt: new Date(),
      matchedKeyword: 'zendesk',
    };
    await db.insert(mentions).values({ ...row, source: 'hackernews' });
    await expect(db.insert(mentions).values({ ...row, source: 'reddit' })).rejects.toThrow();
  } finally {
    await database.close();
    rmSync(path.dirname(before), { recursive: true, force: true });
  }
});
