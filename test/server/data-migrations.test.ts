import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { runMigrations } from '../../src/server/db/migrate';
import { openEmptyPglite } from '../helpers/database';
import { alerts, mentions, users } from '../../src/server/db/schema';
import { migrationsBefore } from '../helpers/migrations-before';

// One install upgraded step by step, as an older version left it: each migration that changes
// stored data is checked on rows written before it. One database for all of them, because
// migrating PGlite from scratch is the slow part (several times over on a loaded CI machine).
test('an install upgraded step by step keeps its data', { timeout: 120_000 }, async () => {
  const database = await openEmptyPglite();
  const beforeFilterScope = migrationsBefore('0021_filter-scope-and-item-index');
  const beforeSources = migrationsBefore('0022_sources');
  try {
    await runMigrations(database, beforeFilterScope);

    // 0021: keywords with an OR and a field filter are flagged for their owners, kept as written.
    const { db } = database;
    const [owner] = await db
      .insert(users)
      .values({ username: 'a@example.com', email: 'a@example.com', password: 'x' })
      .returning();
    const keywords = ['zendesk OR helpdesk -author:bot', 'stripe OR paddle', 'crm -author:bot'];
    // Raw SQL: the schema's insert would name the column the migration adds.
    for (const keyword of keywords) {
      await db.execute(sql`insert into alerts (user_id, keyword) values (${owner.id}, ${keyword})`);
    }
    await runMigrations(database, beforeSources);
    const flagged = await db
      .select({ keyword: alerts.keyword, review: alerts.filterScopeReview })
      .from(alerts)
      .orderBy(alerts.id);
    expect(flagged).toEqual([
      { keyword: keywords[0], review: true },
      { keyword: keywords[1], review: false },
      { keyword: keywords[2], review: false },
    ]);

    // 0022 and 0023: every alert and mention is Reddit's; mentions are unique per site.
    const [user] = await db
      .insert(users)
      .values({ username: 'b@example.com', email: 'b@example.com', password: 'x' })
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
    // 0024 (teams): a replied mention was replied by its owner.
    await db.execute(sql`update mentions set has_replied = true where reddit_id = 't3_a1'`);
    await runMigrations(database);

    // 0024: each account owns a personal workspace numbered like it, holding all it had.
    const owned = await db.execute(sql`
      select u.id, w.id as workspace, w.billing_user_id as billing, m.role,
        (select count(*)::int from alerts a where a.workspace_id = u.id) as alerts,
        (select count(*)::int from mentions x where x.workspace_id = u.id) as mentions
      from users u join workspaces w on w.id = u.id
      join workspace_members m on m.workspace_id = w.id and m.user_id = u.id order by u.id`);
    expect((owned as unknown as { rows: unknown[] }).rows).toEqual([
      {
        id: owner.id,
        workspace: owner.id,
        billing: owner.id,
        role: 'owner',
        alerts: 3,
        mentions: 0,
      },
      { id: user.id, workspace: user.id, billing: user.id, role: 'owner', alerts: 1, mentions: 2 },
    ]);
    expect(
      await db
        .select({ itemId: mentions.itemId, by: mentions.repliedByUserId })
        .from(mentions)
        .orderBy(mentions.id),
    ).toEqual([
      { itemId: 't3_a1', by: user.id },
      { itemId: 't1_b2', by: null },
    ]);
    // An account made after the upgrade gets its personal workspace with it.
    const [late] = await db
      .insert(users)
      .values({ username: 'c@example.com', email: 'c@example.com', password: 'x' })
      .returning();
    expect(
      (
        (await db.execute(
          sql`select role from workspace_members where workspace_id = ${late.id} and user_id = ${late.id}`,
        )) as unknown as { rows: unknown[] }
      ).rows,
    ).toEqual([{ role: 'owner' }]);

    expect(await db.select({ sources: alerts.sources }).from(alerts)).toEqual(
      Array.from({ length: 4 }, () => ({ sources: ['reddit'] })),
    );
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
      workspaceId: user.id,
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
    rmSync(path.dirname(beforeFilterScope), { recursive: true, force: true });
    rmSync(path.dirname(beforeSources), { recursive: true, force: true });
  }
});
