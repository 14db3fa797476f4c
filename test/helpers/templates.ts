import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dumpPglite, openDatabase, type Database } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { openPglite } from '../../src/server/db/pglite';
import { createTemplateDatabase } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated in-memory PGlite cluster: each test file's database starts here. */
    pgliteTemplate?: string;
    /** The same cluster as initdb left it, before any migration (tests of the migrations). */
    pgliteEmptyTemplate?: string;
    /** A migrated PGlite folder, for a server process's `$DATA_DIR/db` (`migratedDataDir`). */
    pgliteTemplateFolder?: string;
    /** On TEST_DATABASE_URL's server, a migrated database each test file's database copies. */
    postgresTemplate?: string;
  }
}

/**
 * The run's migrated template databases, made once in vitest's main process by the first global
 * setup that asks (test/global-setup.ts, e2e/support/global-setup.ts) and removed when the last
 * one tears down. Test files start from copies instead of migrating their own database.
 */
export interface Templates {
  /** On TEST_DATABASE_URL's server: the name of a migrated database to copy. */
  postgres?: string;
  /** Otherwise: a tarball of a migrated PGlite cluster (`loadDataDir` of an in-memory one)... */
  pgliteTarball?: string;
  /** ...and one of that cluster before its migrations, as initdb left it. */
  pgliteEmptyTarball?: string;
  /** Made on first request, in either mode: a migrated PGlite folder (a server's `$DATA_DIR/db`). */
  pgliteFolder: () => Promise<string>;
}

interface Shared {
  templates: Promise<Templates & { dispose: () => Promise<void> }>;
  users: number;
}

// Each project loads its global setup files on its own: what they share lives on globalThis.
const KEY = Symbol.for('earshot.test-templates');
const holder = globalThis as { [KEY]?: Shared };

/** The templates, and a release to call at teardown (the last release removes them). */
export async function acquireTemplates() {
  const shared = (holder[KEY] ??= { templates: makeTemplates(), users: 0 });
  shared.users += 1;
  const templates = await shared.templates;
  return {
    templates: templates as Templates,
    release: async () => {
      shared.users -= 1;
      if (shared.users > 0) return;
      delete holder[KEY];
      await templates.dispose();
    },
  };
}

async function makeTemplates(): Promise<Templates & { dispose: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const dir = mkdtempSync(path.join(tmpdir(), 'earshot-template-'));
  const removeDir = async () => rmSync(dir, { recursive: true, force: true });
  // A migrated in-memory PGlite, dumped once: the tarball every PGlite test database loads. It
  // is dumped before its migrations too: the tests of migrations start there instead of running
  // initdb (about 2.7 CPU-seconds each time).
  let tarballs: Promise<{ empty: string; migrated: string }> | undefined;
  const pgliteTarballs = () =>
    (tarballs ??= (async () => {
      const dump = async (database: Database, name: string) => {
        const file = path.join(dir, name);
        writeFileSync(file, Buffer.from(await (await dumpPglite(database)).arrayBuffer()));
        return file;
      };
      const database = await openDatabase({ memory: true });
      try {
        const empty = await dump(database, 'pgdata-empty.tar');
        await runMigrations(database);
        return { empty, migrated: await dump(database, 'pgdata.tar') };
      } finally {
        await database.close();
      }
    })());
  // The tarball loaded into a folder and closed cleanly: copying the folder gives a server
  // process a migrated embedded database that starts without initdb or migrations. Made on first
  // request, on TEST_DATABASE_URL too: a server process given only a DATA_DIR uses the embedded
  // database whatever the run's database is.
  let folder: Promise<string> | undefined;
  const pgliteFolder = () =>
    (folder ??= pgliteTarballs().then(async ({ migrated }) => {
      const loaded = await openPglite(dir, { loadDataDir: new Blob([readFileSync(migrated)]) });
      await loaded.close();
      return path.join(dir, 'db');
    }));
  if (serverUrl) {
    const template = await createTemplateDatabase(serverUrl);
    return {
      postgres: template.name,
      pgliteFolder,
      dispose: async () => {
        await removeDir();
        await template.drop();
      },
    };
  }
  const { empty, migrated } = await pgliteTarballs();
  return {
    pgliteTarball: migrated,
    pgliteEmptyTarball: empty,
    pgliteFolder,
    dispose: removeDir,
  };
}
