import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema>;
/** Repositories take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The raw PGlite instance or pg pool, for LISTEN/NOTIFY and migrations. */
  raw: PGlite | pg.Pool;
}

export type DatabaseOptions = { databaseUrl?: string; dataDir: string } | { memory: true };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('memory' in options || !options.databaseUrl) {
    const dir = 'memory' in options ? undefined : path.resolve(options.dataDir, 'db');
    if (dir) mkdirSync(dir, { recursive: true });
    const client = dir ? await PGlite.create(dir) : await PGlite.create();
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      raw: client,
      ping: async () => void (await client.query('select 1')),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const database: Database = {
    db,
    kind: 'postgres',
    raw: pool,
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
  await database.ping();
  return database;
}
