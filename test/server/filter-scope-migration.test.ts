import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { alerts, users } from '../../src/server/db/schema';

const migrations = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));

/** The migrations folder as it was before `tag`: a copy with the journal cut there. */
function migrationsBefore(tag: string) {
  const folder = path.join(mkdtempSync(path.join(tmpdir(), 'earshot-migrations-')), 'm');
  cpSync(migrations, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  const cut = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

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
