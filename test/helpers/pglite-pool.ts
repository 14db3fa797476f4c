import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { pgliteClient, type Database } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';

/** What a migrated database holds before any test writes: restored exactly on each return. */
interface Pristine {
  /** Every table of the app's schemas (not drizzle's migration journal). */
  tables: string[];
  /** The rows migrations seed (plans, singleton state rows), as JSON, by table. */
  seeds: [table: string, rows: string][];
  /** Every sequence's position, seeded rows' ids included. */
  sequences: { name: string; value: number; called: boolean }[];
}

async function readPristine(client: PGlite): Promise<Pristine> {
  const tables = (
    await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') order by 1`,
    )
  ).rows.map((row) => row.name);
  const seeds: Pristine['seeds'] = [];
  for (const table of tables) {
    const { rows } = await client.query<{ rows: string | null }>(
      `select json_agg(t)::text as rows from ${table} t`,
    );
    if (rows[0]?.rows) seeds.push([table, rows[0].rows]);
  }
  const sequences = (
    await client.query<{ name: string; value: number; called: boolean }>(
      `select format('%I.%I', schemaname, sequencename) as name,
         coalesce(last_value, start_value)::float8 as value, last_value is not null as called
       from pg_sequences where schemaname <> 'drizzle'`,
    )
  ).rows;
  return { tables, seeds, sequences };
}

async function restore(client: PGlite, pristine: Pristine) {
  await client.transaction(async (tx) => {
    await tx.exec(`truncate ${pristine.tables.join(', ')} restart identity cascade`);
    for (const [table, rows] of pristine.seeds) {
      await tx.query(
        `insert into ${table} select * from json_populate_recordset(null::${table}, $1)`,
        [rows],
      );
    }
    for (const { name, value, called } of pristine.sequences) {
      await tx.query('select setval($1, $2, $3)', [name, value, called]);
    }
  });
  // Session state a file may leave: settings, temporary tables, prepared statements.
  await client.exec('discard all');
}

/**
 * In-memory PGlite databases a test process hands from one test file to the next. Opening one
 * (starting PostgreSQL in WebAssembly and loading the migrated template) costs about 0.6
 * CPU-seconds; emptying one back to the template's contents about 0.06 (decision 037). A file
 * still gets a database of its own: a lease's handle stops working when the file closes it, so
 * a timer the file left running cannot write into the next file's rows, and the database is
 * given out again only once it holds exactly the template's rows, sequences and no listener.
 */
export function createPglitePool(open: () => Promise<Database>) {
  const idle: Database[] = [];
  let pristine: Promise<Pristine> | undefined;

  return async function lease(): Promise<Database> {
    const database = idle.pop() ?? (await open());
    const client = pgliteClient(database);
    // Read from the first database opened, before any file used it.
    const state = await (pristine ??= readPristine(client));
    let released = false;
    const guarded = new Proxy(client, {
      // PGlite keeps its state keyed by the instance itself: methods run on the target.
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (typeof value !== 'function' || key === 'constructor') return value;
        return (...args: unknown[]) => {
          if (released) throw new Error('this test file closed its database');
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const unlisteners = new Set<() => Promise<void>>();
    return {
      ...database,
      db: drizzle(guarded, { schema }),
      ping: async () => void (await guarded.query('select 1')),
      listen: async (channel, onNotify, onError) => {
        const unlisten = await database.listen(channel, onNotify, onError);
        const once = async () => {
          if (!unlisteners.delete(once)) return;
          await unlisten();
        };
        unlisteners.add(once);
        return once;
      },
      close: async () => {
        if (released) return;
        released = true;
        try {
          for (const unlisten of [...unlisteners]) await unlisten();
          await restore(client, state);
          idle.push(database);
        } catch {
          // A database a file left unusable (a transaction it never ended) is not reused.
          await database.close();
        }
      },
    };
  };
}
