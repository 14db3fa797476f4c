import type pg from 'pg';
import type { Database } from './types';
import * as schema from './schema';

// Any constant works; it only has to be the same in every Earshot process.
const MIGRATION_LOCK_KEY = 7_345_001;

/** A pool on a PostgreSQL server; throws when the server does not answer. */
export async function openPostgres(url: string): Promise<Database> {
  // Loaded here, not at the top: an embedded install never needs them, and they take 50 ms to
  // load at each start.
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const database: Database = {
    db: drizzle(pool, { schema }),
    kind: 'postgres',
    url,
    ping: async () => void (await pool.query('select 1')),
    listen: (channel, onNotify, onError) => listen(pg, url, channel, onNotify, onError),
    async migrate(folder) {
      // A second process starting at the same moment waits here, then finds nothing to do.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrate(drizzle(client), { migrationsFolder: folder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
  await database.ping();
  return database;
}

/**
 * LISTEN on a connection of its own: a pooled one would be handed back and lose it. After a
 * failure it reconnects every second and calls `onNotify(undefined)` once connected, so that the listener
 * catches up on what it missed.
 */
async function listen(
  pg: typeof import('pg').default,
  url: string,
  channel: string,
  onNotify: (payload: string | undefined) => void,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload);
    });
    next.on('error', (error) => {
      onError(error);
      void next.end().catch(() => {});
      if (client === next) client = undefined;
      if (!closed) retry = setTimeout(() => void connect().catch(onError), 1000);
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    onNotify(undefined);
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
