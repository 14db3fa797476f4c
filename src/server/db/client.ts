import { openPglite, type PgliteStart } from './pglite';
import { openPostgres } from './postgres';
import type { Database } from './types';

export type { Database, Db, DbOrTx, Schema, Tx } from './types';
export type { PgliteStart } from './pglite';
export { dumpPglite } from './pglite';
export { DataDirLockedError } from './data-dir-lock';

export type DatabaseOptions =
  | { databaseUrl?: string; dataDir: string }
  /** In-memory PGlite (tests), empty or from `start`'s template. */
  | { memory: true; start?: PgliteStart };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('memory' in options) return openPglite(undefined, options.start);
  if (!options.databaseUrl) return openPglite(options.dataDir);
  return openPostgres(options.databaseUrl);
}
