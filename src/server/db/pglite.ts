import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { acquireDataDirLock } from './data-dir-lock';
import { PRIVATE_DIR_MODE, tightenDataDir } from './private-files';
import { createPriorityGate, gateClient } from './priority-gate';
import type { Database } from './types';
import * as schema from './schema';

/**
 * What an in-memory PGlite may start from besides an empty cluster: a data directory tarball
 * (tests load one migrated template instead of running initdb and every migration per file) and
 * compiled modules that several instances of one process share.
 */
export type PgliteStart = Pick<
  PGliteOptions,
  'loadDataDir' | 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'
>;

/**
 * Embedded PostgreSQL in `$dataDir/db`, or in memory when no folder is given (tests). A folder
 * is this process's alone until `close()`: opening one that a live process holds throws
 * `DataDirLockedError` (data-dir-lock.ts).
 */
export async function openPglite(
  dataDir: string | undefined,
  start: PgliteStart = {},
): Promise<Database> {
  const lock = dataDir === undefined ? undefined : acquireDataDirLock(dataDir);
  let client: PGlite;
  try {
    const dir = dataDir === undefined ? undefined : path.resolve(dataDir, 'db');
    if (dir) mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    client = await PGlite.create({ dataDir: dir, ...start });
    // PGlite writes a new or loaded cluster's files 0666 whatever the umask.
    if (dataDir !== undefined) tightenDataDir(dataDir);
    // Web and worker share this one connection: the worker's statements go first.
    gateClient(client, createPriorityGate());
  } catch (error) {
    lock?.release();
    throw error;
  }
  return {
    db: drizzle(client, { schema }),
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    // One process owns the files: NOTIFY is delivered in process.
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    migrate: async (folder) => void (await migrate(drizzle(client), { migrationsFolder: folder })),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * The cluster of an open PGlite as a tarball, for `PgliteStart.loadDataDir`. PGlite takes it
 * between two queries, so it is what a crash at that moment would leave: committed work in,
 * open transactions rolled back when it is loaded.
 */
export async function dumpPglite(
  database: Database,
  compression: 'none' | 'gzip' = 'none',
): Promise<Blob> {
  return pgliteClient(database).dumpDataDir(compression);
}

/** The PGlite instance behind an embedded database (tests reset and dump it). */
export function pgliteClient(database: Database): PGlite {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (!(client instanceof PGlite)) throw new Error('not a PGlite database');
  return client;
}
