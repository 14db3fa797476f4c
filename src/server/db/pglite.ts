import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database } from './types';
import * as schema from './schema';

/** Embedded PostgreSQL in `$dataDir/db`, or in memory when no folder is given (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const dir = dataDir === undefined ? undefined : path.resolve(dataDir, 'db');
  if (dir) mkdirSync(dir, { recursive: true });
  const client = dir ? await PGlite.create(dir) : await PGlite.create();
  return {
    db: drizzle(client, { schema }),
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    // One process owns the files: NOTIFY is delivered in process.
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    migrate: async (folder) => void (await migrate(drizzle(client), { migrationsFolder: folder })),
    close: () => client.close(),
  };
}
