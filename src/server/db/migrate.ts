import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

// Beside this file in development (src/server/db/migrations); the build copies the folder next
// to the bundle (dist/server/migrations).
const defaultFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same in every Earshot process.
const MIGRATION_LOCK_KEY = 7_345_001;

/**
 * Applies pending migrations. Idempotent; on PostgreSQL an advisory lock makes a second process
 * starting at the same moment wait and then find nothing to do.
 */
export async function runMigrations(database: Database, migrationsFolder = defaultFolder) {
  if (database.raw instanceof PGlite) {
    await migratePglite(drizzlePglite(database.raw), { migrationsFolder });
    return;
  }
  const client = await database.raw.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
