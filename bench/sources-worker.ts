/**
 * One worker reading Bluesky alone, as a process of its own for bench:sources to kill: on
 * BENCH_DATABASE_URL, or PGlite in BENCH_DATA_DIR. SIGTERM stops it cleanly.
 */
import pino from 'pino';
import { createOutsideClients } from '../src/server/clients';
import { systemClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { buildWorker } from '../src/server/worker';
import { OFFLINE_SOURCES_ENV } from '../test/helpers/offline-sources';

const database = process.env.BENCH_DATABASE_URL
  ? await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: '' })
  : await openDatabase({ dataDir: process.env.BENCH_DATA_DIR ?? '' });
const config = loadConfig({
  ...OFFLINE_SOURCES_ENV,
  REDDIT_ENABLED: 'false',
  SOURCES: 'bluesky',
  BLUESKY_JETSTREAM_URL: process.env.BLUESKY_JETSTREAM_URL ?? '',
});
const log = pino({ level: process.env.BENCH_LOG ?? 'silent' });
const clients = createOutsideClients({ config, database, clock: systemClock, log });
// A new owner each start: the killed one's lease has to run out first, as after a real crash
// (5 s here rather than a minute, so that the run is short).
const worker = buildWorker({
  config,
  database,
  clock: systemClock,
  log,
  ...clients,
  sourceSettings: { leaseMs: 5_000, blueskyLeaseEveryMs: 1_000 },
});
await worker.start();
process.once('SIGTERM', () => {
  void worker
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
