import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { isUniqueViolation } from '../../src/server/db/errors';
import { channels } from '../../src/server/db/schema';
import { runMigrations } from '../../src/server/db/migrate';
import { openEmptyPglite } from '../helpers/database';
import { migrationsBefore } from '../helpers/migrations-before';

const migration = readFileSync(
  new URL('../../src/server/db/migrations/0019_unique-channel-names.sql', import.meta.url),
  'utf8',
);

test(
  'channels sharing a name keep it, with their id added, before names become unique',
  { timeout: 120_000 },
  async () => {
    // The database as it was before the migration (later ones moved channels to workspaces).
    const database = await openEmptyPglite();
    await runMigrations(database, migrationsBefore('0019_unique-channel-names'));
    const { db } = database;
    await db.execute(sql`insert into users (id, username, password, email)
    values (1, 'a@example.com', 'x', 'a@example.com'), (2, 'b@example.com', 'x', 'b@example.com')`);
    await db.execute(sql`insert into channels (id, user_id, kind, name, target) values
    (1, 1, 'webhook', 'Team hook', 'https://a.example/1'),
    (2, 1, 'webhook', 'team hook', 'https://a.example/2'),
    (3, 1, 'slack', 'Team hook', 'https://a.example/3'),
    (4, 2, 'webhook', 'Team hook', 'https://b.example/4'),
    (5, 1, 'ntfy', 'Phone', 'https://a.example/5')`);

    for (const statement of migration.split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }

    const rows = await db
      .select({ id: channels.id, name: channels.name })
      .from(channels)
      .orderBy(channels.id);
    expect(rows.map((row) => [row.id, row.name])).toEqual([
      [1, 'Team hook'],
      [2, 'team hook (2)'],
      [3, 'Team hook (3)'],
      [4, 'Team hook'],
      [5, 'Phone'],
    ]);
    const clash = db.execute(sql`insert into channels (user_id, kind, name, target)
    values (1, 'webhook', 'PHONE', 'https://a.example/6')`);
    await expect(clash).rejects.toSatisfy(isUniqueViolation);
    await database.close();
  },
);
