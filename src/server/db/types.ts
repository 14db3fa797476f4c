import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema>;
/** Repositories take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

/**
 * The one handle features get. What differs between embedded PGlite and a PostgreSQL server
 * (notifications, migrations under a lock) is behind these methods, in db/ only.
 */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server's URL on PostgreSQL (a second process would connect to it); none on PGlite. */
  url?: string;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` until the returned function
   * is called. On PostgreSQL it holds a connection of its own, reconnected after a failure
   * (reported to `onError`; notifications during the gap are lost, so after reconnecting it
   * calls `onNotify(undefined)`: whoever listens must catch up then, or poll as well).
   */
  listen(
    channel: string,
    onNotify: (payload: string | undefined) => void,
    onError: (error: unknown) => void,
  ): Promise<() => Promise<void>>;
  /** Applies pending migrations from `folder`; safe when several processes start at once. */
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}
