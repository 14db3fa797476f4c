import path from 'node:path';
import { fileURLToPath } from 'node:url';
import dotenv from 'dotenv';
import pino from 'pino';
import { buildApp } from './app';
import { createOutsideClients } from './clients';
import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { startBackupEndpoint } from './db/backup-endpoint';
import { DataDirLockedError, openDatabase, openWorkerDatabase, type Database } from './db/client';
import { requestLogSerializers } from './http/request-log';
import { runMigrations } from './db/migrate';
import { checkAppSecret, SecretKeyError } from './db/app-secret-check';
import { sealStoredChannelSecrets } from './channels';
import { sealStoredFeedTokens } from './feeds';
import { restrictUmask, tightenDataDir } from './db/private-files';
import { createLiveEventBus } from './live';
import { RecentItemWindow } from './preview';
import { startupLine } from './startup-line';
import { buildWorker } from './worker';

// Built: dist/server/main.js → dist/web. Under `npm run dev` (src/server) Vite serves the web app,
// and the API serves a previous build only if one exists.
const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(
  here,
  here.endsWith(path.join('dist', 'server')) ? '../web' : '../../dist/web',
);

function fail(message: string): never {
  process.stderr.write(`earshot: ${message}\n`);
  process.exit(1);
}

async function main() {
  // Before anything is written: whatever this process creates is its owner's only.
  restrictUmask();
  dotenv.config({ quiet: true });
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const log = pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: requestLogSerializers,
  });

  let database: Database;
  let workerDatabase: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await runMigrations(database);
    workerDatabase = config.runsWorker
      ? await openWorkerDatabase(database, config.runsWeb)
      : database;
  } catch (error) {
    // Another process on the same embedded database: its line says which and what to do.
    if (error instanceof DataDirLockedError) fail(error.message);
    const where = config.databaseUrl
      ? 'the PostgreSQL server in DATABASE_URL'
      : `the embedded database in ${config.dataDir}/db`;
    fail(`cannot use ${where}: ${(error as Error).message}`);
  }

  // An install made before files were private, or by a process with a looser umask.
  const tightened = tightenDataDir(config.dataDir);
  if (tightened.notOwned > 0) {
    log.warn(
      { dir: config.dataDir, entries: tightened.notOwned },
      'DATA_DIR holds files of another user that could not be made private',
    );
  }
  if (tightened.changed > 0) {
    log.info(
      { dir: config.dataDir, entries: tightened.changed },
      'DATA_DIR made readable by its owner only',
    );
  }

  // `npm run backup` asks this process for the archive: no other process may open its files.
  const backups =
    database.kind === 'pglite'
      ? await startBackupEndpoint({ database, dataDir: config.dataDir, log })
      : undefined;

  // Every outside client, once: app and worker share them (ROLE=all: one Reddit client, whose
  // budget row the worker's connections keep).
  let clients;
  try {
    clients = createOutsideClients({ config, database: workerDatabase, clock: systemClock, log });
  } catch (error) {
    // $DATA_DIR/app-secret unusable: one line naming it.
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const { mailer } = clients;
  // Secrets at rest: the key must be the one this database's secrets are sealed with; then
  // what an older version stored in clear is sealed (feed tokens: hashed by the migration).
  try {
    await checkAppSecret(database.db, clients.secrets);
    const sealed =
      (await sealStoredChannelSecrets(database.db, clients.secrets)) +
      (await sealStoredFeedTokens(database.db, clients.secrets));
    if (sealed > 0) log.info({ rows: sealed }, 'secrets stored in clear are now encrypted');
  } catch (error) {
    if (error instanceof SecretKeyError) fail(`cannot start: ${error.message}`);
    throw error;
  }
  log.info(
    mailer.kind === 'smtp'
      ? { mail: 'smtp', host: new URL(config.mail.smtpUrl!).host }
      : { mail: 'outbox', dir: path.resolve(config.dataDir, 'outbox') },
    mailer.kind === 'smtp'
      ? 'mail goes out through SMTP_URL'
      : 'SMTP_URL unset: mail is written to the outbox',
  );
  // The volume preview reads what this process's worker read: only when one process does both.
  const recentItems =
    config.runsWeb && config.runsWorker
      ? new RecentItemWindow({ spanMs: 3_600_000, now: () => systemClock.now().getTime() })
      : undefined;
  // One LISTEN per web process carries every process's "what changed" to the open tabs; the
  // worker needs no handle: it NOTIFYs inside the transactions that store (live/notify-live.ts).
  const live = createLiveEventBus(database, systemClock, (error) =>
    log.warn({ err: error }, 'live events: listener failed'),
  );
  if (config.runsWeb) await live.start();
  const app = config.runsWeb
    ? await buildApp({
        config,
        database,
        clock: systemClock,
        webRoot,
        logger: log,
        recentItems,
        live,
        ...clients,
      })
    : undefined;
  const worker = config.runsWorker
    ? buildWorker({
        config,
        database: workerDatabase,
        clock: systemClock,
        log,
        recentItems,
        ...clients,
      })
    : undefined;
  // Reddit being unreachable is not a start-up failure: the worker records it for the status.
  await worker?.start();
  if (app) {
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      fail(`cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
    }
  }
  // One line for the person who ran `npm start`; the rest is JSON for log collectors.
  if (config.logLevel !== 'silent') {
    const address = app?.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    process.stdout.write(`${startupLine(config, port)}\n`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests and jobs finish, then close (and flush) the database.
    await app?.close();
    await live.close();
    await worker?.stop();
    await mailer.close();
    await backups?.close();
    if (workerDatabase !== database) await workerDatabase.close();
    // Closing the embedded database also removes its lock ($DATA_DIR/earshot.lock).
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => fail((error as Error).stack ?? String(error)));
