import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Database } from './types';

export type { Database, Db, DbOrTx, Schema, Tx } from './types';

export type DatabaseOptions = { databaseUrl?: string; dataDir: string } | { memory: true };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('memory' in options) return openPglite(undefined);
  if (!options.databaseUrl) return openPglite(options.dataDir);
  return openPostgres(options.databaseUrl);
}
