import { openPglite, type PgliteStart } from './pglite';
import { openPostgres } from './postgres';
import type { Database } from './types';

export type { Database, Db, DbOrTx, Schema, Tx } from './types';
export type { PgliteStart } from './pglite';
export { dumpPglite, pgliteClient } from './pglite';
export { DataDirLockedError } from './data-dir-lock';

export type DatabaseOptions =
  | { databaseUrl?: string; dataDir: string }
  /** In-memory PGlite (tests), empty or from `start`'s template. */
  | { memory: true; start?: PgliteStart };

/**
 * The worker's handle when one process runs both (ROLE=all): on PostgreSQL a pool of its own,
 * so that API load cannot take the connections ingestion needs; the embedded database has one
 * connection, where the priority gate (priority-gate.ts) puts the worker first instead.
 */
export async function openWorkerDatabase(database: Database, runsWeb: boolean): Promise<Database> {
  if (!runsWeb || database.kind !== 'postgres' || !database.url) return database;
  return openPostgres(database.url);
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('memory' in options) return openPglite(undefined, options.start);
  if (!options.databaseUrl) return openPglite(options.dataDir);
  return openPostgres(options.databaseUrl);
}
