import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { openEmptyPglite } from '../helpers/database';
import { subscriptionPlans } from '../../src/server/db/schema';

test('migrations are idempotent: a second run changes nothing', async () => {
  const database = await openEmptyPglite();
  await runMigrations(database);
  await runMigrations(database);
  expect(await database.db.select().from(subscriptionPlans)).toHaveLength(2);
  await database.close();
});

test.runIf(process.env.TEST_DATABASE_URL)(
  'two processes migrating one PostgreSQL at once both succeed',
  async () => {
    const admin = process.env.TEST_DATABASE_URL as string;
    const name = `earshot_mig_${randomBytes(5).toString('hex')}`;
    const run = async (text: string) => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(text);
      await client.end();
    };
    await run(`create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const [a, b] = await Promise.all(
      [1, 2].map(() => openDatabase({ databaseUrl: url.toString(), dataDir: '' })),
    );
    await Promise.all([runMigrations(a), runMigrations(b)]);
    expect(await a.db.select().from(subscriptionPlans)).toHaveLength(2);
    await Promise.all([a.close(), b.close()]);
    await run(`drop database ${name} with (force)`);
  },
);
