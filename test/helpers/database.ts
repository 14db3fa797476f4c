import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';

/**
 * A new empty database on the PostgreSQL server of `serverUrl` (a role that may create
 * databases), with its URL and a `drop()` for teardown.
 */
export async function createScratchDatabase(serverUrl: string, prefix = 'earshot_test') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server in TEST_DATABASE_URL (CI sets it), dropped again on close.
 */
export async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ memory: true });
    await runMigrations(database);
    return database;
  }
  const scratch = await createScratchDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  await runMigrations(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
