import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type PgliteStart } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { createPglitePool } from './pglite-pool';

/**
 * A new empty database on the PostgreSQL server of `serverUrl` (a role that may create
 * databases), or a copy of `template`, with its URL and a `drop()` for teardown.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = 'earshot_test',
  template?: string,
) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(
    serverUrl,
    `create database ${name}${template ? ` template ${pg.escapeIdentifier(template)}` : ''}`,
  );
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * A migrated database on the server for test files to copy (test/global-setup.ts makes one per
 * run). Nothing stays connected to it: PostgreSQL copies only a database nobody is using.
 */
export async function createTemplateDatabase(serverUrl: string) {
  const scratch = await createScratchDatabase(serverUrl, 'earshot_template');
  try {
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  return scratch;
}

/**
 * The migrated template database of this run on TEST_DATABASE_URL's server, when the global
 * setup made one (outside vitest, or without it, callers migrate an empty database instead).
 */
export function postgresTemplate(): Promise<string | undefined> {
  return injected('postgresTemplate');
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default (one the process
 * opened for an earlier file, emptied back to the template on close: pglite-pool.ts), or a new
 * database on the PostgreSQL server in TEST_DATABASE_URL (CI sets it), dropped again on close.
 * Both start from the run's migrated template (test/global-setup.ts), not migrating per file.
 */
export async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return leasePglite();
  const template = await postgresTemplate();
  const scratch = await createScratchDatabase(serverUrl, 'earshot_test', template);
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  if (!template) await runMigrations(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A new in-memory PGlite from the run's migrated template (or migrated here, outside a run). */
export async function openMigratedPglite(): Promise<Database> {
  const start = await pgliteStart();
  const database = await openDatabase({ memory: true, start });
  if (!start.loadDataDir) await runMigrations(database);
  return database;
}

/**
 * A new in-memory PGlite as initdb leaves it, before any migration, for tests of the migrations:
 * a copy of the run's empty template (or initdb here, outside a run).
 */
export async function openEmptyPglite(): Promise<Database> {
  const { loadDataDir: _migrated, ...start } = await pgliteStart();
  const empty = await injected('pgliteEmptyTemplate');
  const loadDataDir = empty ? new Blob([readFileSync(empty)]) : undefined;
  return openDatabase({ memory: true, start: { ...start, loadDataDir } });
}

const leasePglite = createPglitePool(openMigratedPglite);

// Read and compiled once per test process, then shared by every PGlite it opens: the template
// (a few tens of MB) and PGlite's WebAssembly and file-system bundle.
let shared: Promise<PgliteStart> | undefined;

function pgliteStart(): Promise<PgliteStart> {
  shared ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map((name) =>
        WebAssembly.compile(readFileSync(path.join(dist, name))),
      ),
    );
    const template = await injected('pgliteTemplate');
    return {
      pgliteWasmModule,
      initdbWasmModule,
      fsBundle: new Blob([readFileSync(path.join(dist, 'pglite.data'))]),
      loadDataDir: template ? new Blob([readFileSync(template)]) : undefined,
    };
  })();
  return shared;
}

/**
 * A value of the global setup's, or undefined outside a vitest run that has it. Vitest is loaded
 * here only: the benchmarks import this module too.
 */
async function injected(key: 'pgliteTemplate' | 'pgliteEmptyTemplate' | 'postgresTemplate') {
  try {
    const { inject } = await import('vitest');
    return inject(key);
  } catch {
    return undefined;
  }
}

function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
