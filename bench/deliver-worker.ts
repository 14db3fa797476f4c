/**
 * One delivery worker of bench:deliver: the channels area's job (`createChannelJobs`) under the
 * real job runner, as a worker process runs it. As a child process (`--child`), it reads its
 * database URL, owner and settings from argv, reports its RSS to the parent over IPC, stops
 * gracefully on a 'stop' message, and is otherwise SIGKILLed by the bench. Without PostgreSQL
 * the bench calls `startDeliveryWorker` in its own process instead (PGlite is single-process).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createChannelJobs, type DeliverySettings } from '../src/server/channels';
import { systemClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { startJobs } from '../src/server/jobs/runner';
import { createSecretBox } from '../src/server/lib/secret-box';
import { OFFLINE_SOURCES_ENV } from '../test/helpers/offline-sources';
import { randomBytes } from 'node:crypto';

export type WorkerOptions = {
  owner: string;
  appUrl: string;
  settings: Partial<DeliverySettings>;
};

export async function startDeliveryWorker(database: Database, options: WorkerOptions) {
  const config = loadConfig({
    // Reddit (the fake) alone: a benchmark never reaches the real sites.
    ...OFFLINE_SOURCES_ENV,
    APP_URL: options.appUrl,
    // The sinks listen on loopback: ALLOW_PRIVATE_WEBHOOKS=true, as a self-hosted receiver needs.
    ALLOW_PRIVATE_WEBHOOKS: 'true',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'earshot-bench-deliver-')),
  });
  const log = pino({ level: process.env.BENCH_LOG ?? 'silent' });
  const channels = createChannelJobs({
    database,
    clock: systemClock,
    config,
    log,
    owner: options.owner,
    settings: options.settings,
    // The channels are seeded with their secrets in clear, which any key reads as they are.
    secrets: createSecretBox(randomBytes(32).toString('base64url')),
  });
  await channels.start();
  const runner = startJobs(channels.jobs, log);
  return {
    stop: async () => {
      await runner.stop();
      await channels.stop();
    },
  };
}

async function child() {
  const [url, owner, appUrl, settings] = process.argv.slice(3);
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  const runner = await startDeliveryWorker(database, {
    owner,
    appUrl,
    settings: JSON.parse(settings) as Partial<DeliverySettings>,
  });
  let peakRss = process.memoryUsage().rss;
  const report = () => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    process.send?.({ type: 'rss', rss: peakRss });
  };
  const timer = setInterval(report, 250);
  process.on('message', (message: { type?: string }) => {
    if (message.type !== 'stop') return;
    void (async () => {
      await runner.stop();
      clearInterval(timer);
      report();
      await database.close();
      process.disconnect?.();
      process.exit(0);
    })();
  });
  process.send?.({ type: 'ready' });
}

if (process.argv[2] === '--child') {
  child().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
