import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { migrationsBefore } from '../helpers/migrations-before';
import { alerts, users } from '../../src/server/db/schema';

test('the filter-scope migration flags stored keywords with an OR and a filter, keeping them', async () => {
  const database = await openDatabase({ memory: true });
  const before = migrationsBefore('0021_filter-scope-and-item-index');
  try {
    await runMigrations(database, before);
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ username: 'a@example.com', email: 'a@example.com', password: 'x' })
      .returning();
    const keywords = ['zendesk OR helpdesk -author:bot', 'stripe OR paddle', 'crm -author:bot'];
    // Raw SQL: the schema's insert would name the column the migration adds.
    for (const keyword of keywords) {
      await db.execute(sql`insert into alerts (user_id, keyword) values (${user.id}, ${keyword})`);
    }
    await runMigrations(database);
    const rows = await db
      .select({ keyword: alerts.keyword, review: alerts.filterScopeReview })
      .from(alerts)
      .orderBy(alerts.id);
    expect(rows).toEqual([
      { keyword: keywords[0], review: true },
      { keyword: keywords[1], review: false },
      { keyword: keywords[2], review: false },
    ]);
  } finally {
    await database.close();
    rmSync(path.dirname(before), { recursive: true, force: true });
  }
});
