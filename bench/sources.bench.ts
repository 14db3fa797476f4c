/**
 * npm run bench:sources [-- --hn-seconds 60 --jet-seconds 30 --rate 2000]
 *
 * The sites beyond Reddit against local fakes speaking their real protocols, with 10,000 alerts
 * (the bench:match generator) in the index, on in-memory PGlite (or a scratch database of
 * DATABASE_URL's server):
 *
 * 1. Hacker News at ten times its real peak (10 items a second), 1% of them matching: recall
 *    against the index's own answer over every item served, created → stored p50/p95 at the
 *    default poll (5 s), requests per item.
 * 2. Jetstream (a thread of its own) at --rate post events a second (default 2,000), 0.5%
 *    matching, read by one process:
 *    events a second through matching and storage, lag at the start and the end of the run,
 *    created → stored p95, memory at the start and the end; then a dropped connection in the
 *    middle of the stream (lost 0, doubled 0). Baseline in the same run: the rate at which the
 *    same process just receives and parses the same frames. The dashboard's GET /api/mentions
 *    p95 under that load next to idle.
 * 3. A worker process killed with SIGKILL mid-stream and started again: lost 0, doubled 0.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import type { SourceName } from '@shared/sources';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import { buildApp } from '../src/server/app';
import { createOutsideClients } from '../src/server/clients';
import { systemClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { alerts, mentions, users } from '../src/server/db/schema';
import { createLiveEventBus } from '../src/server/live';
import { compileAlertIndex, type AlertInput } from '../src/server/matching';
import { buildWorker } from '../src/server/worker';
import { startFakeHackerNews } from '../test/fakes/hackernews/server';
import { startFakeJetstream } from '../test/fakes/jetstream/server';
import { createScratchDatabase } from '../test/helpers/database';
import { OFFLINE_SOURCES_ENV } from '../test/helpers/offline-sources';
import { generateAlerts, vocabularyOf } from './alert-generator';
import { generateItems, loadFixtureItems } from './corpus';
import { textMaker } from './planted-text';
import { Random } from './random';

const { values } = parseArgs({
  options: {
    'hn-seconds': { type: 'string', default: '60' },
    'jet-seconds': { type: 'string', default: '30' },
    rate: { type: 'string', default: '2000' },
    alerts: { type: 'string', default: '10000' },
  },
});
const HN_SECONDS = Number(values['hn-seconds']);
const JET_SECONDS = Number(values['jet-seconds']);
const RATE = Number(values.rate);
const ALERTS = Number(values.alerts);
const ALL_SOURCES = ['reddit', 'hackernews', 'lobsters', 'bluesky'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
// The main thread's heap after a collection when one is exposed: the fake Jetstream keeps every frame
// it sent (for replays) on its own thread, whose memory the process's RSS would count too.
const mb = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return Math.round(process.memoryUsage().heapUsed / 1_048_576);
};
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** In-memory PGlite, or PGlite in `dataDir`, or a scratch database of DATABASE_URL's server. */
async function openBenchDatabase(dataDir?: string) {
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'earshot_bench') : undefined;
  const database = scratch
    ? await openDatabase({ databaseUrl: scratch.url, dataDir: '' })
    : dataDir
      ? await openDatabase({ dataDir })
      : await openDatabase({ memory: true });
  await runMigrations(database);
  return { database, url: scratch?.url };
}

/** 10,000 generated alerts over 100 Pro users, every one hearing every site. */
async function seedAlerts(database: Database, count: number) {
  const random = new Random(42);
  const corpus = loadFixtureItems() ?? generateItems(random, 2000);
  const generated = generateAlerts(random, vocabularyOf(corpus), count);
  const owners = await database.db
    .insert(users)
    .values(
      Array.from({ length: 100 }, (_, i) => ({
        username: `bench${i}@example.com`,
        email: `bench${i}@example.com`,
        password: 'x',
        planType: 'pro',
      })),
    )
    .returning({ id: users.id });
  const inputs: AlertInput[] = [];
  for (let at = 0; at < generated.length; at += 500) {
    const rows = await database.db
      .insert(alerts)
      .values(
        generated.slice(at, at + 500).map((alert, i) => ({
          workspaceId: owners[(at + i) % owners.length].id,
          keyword: alert.keyword,
          subreddits: alert.subreddits,
          includeComments: alert.includeComments,
          titlesOnly: alert.titlesOnly,
          minScore: 1,
          sources: ALL_SOURCES,
        })),
      )
      .returning();
    inputs.push(...rows);
  }
  // Planted phrases: the words and phrases of simple alerts, so that matches are frequent
  // enough to measure (most alerts' invented names never occur in generated text).
  const plant = inputs
    .map((a) => a.keyword)
    .filter((k) => /^"?[\p{L}\p{N}' ]+"?$/u.test(k))
    .map((k) => k.replaceAll('"', ''));
  return { inputs, plant };
}

function workerFor(database: Database, env: Record<string, string>, owner: string) {
  const config = loadConfig({
    ...OFFLINE_SOURCES_ENV,
    REDDIT_ENABLED: 'false',
    // What the dashboard costs under ingestion, not how shedding answers it (bench:load).
    SHED_EVENT_LOOP_DELAY_MS: '0',
    SHED_DB_WAIT_MS: '0',
    ...env,
  });
  const log = pino({ level: process.env.BENCH_LOG ?? 'silent' });
  const clients = createOutsideClients({
    config,
    database,
    clock: systemClock,
    log,
  });
  return {
    config,
    clients,
    worker: buildWorker({ config, database, clock: systemClock, log, owner, ...clients }),
  };
}

/** The mentions stored per (alert, item), and when each was stored. */
async function storedOf(database: Database, source: SourceName) {
  const rows = await database.db
    .select({ alertId: mentions.alertId, itemId: mentions.itemId, at: mentions.createdAt })
    .from(mentions)
    .where(eq(mentions.source, source));
  const byKey = new Map<string, number[]>();
  for (const row of rows) {
    const key = `${row.alertId}:${row.itemId}`;
    byKey.set(key, [...(byKey.get(key) ?? []), row.at.getTime()]);
  }
  return byKey;
}

function compare(expected: Map<string, number>, stored: Map<string, number[]>) {
  let found = 0;
  let doubled = 0;
  const latencies: number[] = [];
  for (const [key, createdMs] of expected) {
    const at = stored.get(key);
    if (!at) continue;
    found++;
    if (at.length > 1) doubled++;
    latencies.push(at[0] - createdMs);
  }
  return { found, lost: expected.size - found, doubled, latencies };
}

async function hackerNewsPhase(
  database: Database,
  inputs: AlertInput[],
  text: (share: number) => string,
) {
  const hn = await startFakeHackerNews();
  const { worker } = workerFor(
    database,
    { SOURCES: 'hackernews', HN_API_BASE: hn.url },
    'hn-bench',
  );
  await worker.start();
  await sleep(6_000); // the first read sets where reading starts
  const index = compileAlertIndex(inputs);
  const expected = new Map<string, number>();
  const stories: number[] = [];
  const started = Date.now();
  let served = 0;
  const timer = setInterval(() => {
    const createdMs = Date.now();
    const comment = stories.length > 0 && served % 3 !== 0;
    const body = text(0.01);
    const item = comment
      ? hn.addComment({ parent: stories[served % stories.length], text: body })
      : hn.addStory({ title: body.slice(0, 80), text: body.slice(80), score: 1 });
    if (!comment) stories.push(item.id);
    served++;
    const title = comment ? '' : body.slice(0, 80);
    for (const match of index.match({
      source: 'hackernews',
      id: String(item.id),
      kind: comment ? 'comment' : 'post',
      subreddit: '',
      title,
      body: comment ? body : body.slice(80),
      score: comment ? null : 1,
      author: item.by,
    })) {
      // HN's times are whole seconds: created is the start of that second.
      if (!match.belowMinScore)
        expected.set(`${match.alertId}:${item.id}`, Math.floor(createdMs / 1000) * 1000);
    }
  }, 100);
  await sleep(HN_SECONDS * 1000);
  clearInterval(timer);
  const requestsBefore = hn.requests.length;
  await sleep(12_000); // two polls to drain
  await worker.stop();
  await hn.stop();
  const result = compare(expected, await storedOf(database, 'hackernews'));
  const seconds = (Date.now() - started) / 1000;
  console.log('\nHacker News (10 items/s, ten times its real peak; 1% planted)');
  console.log(`  items served          ${served} in ${HN_SECONDS} s`);
  console.log(
    `  recall                ${((100 * result.found) / Math.max(1, expected.size)).toFixed(1)}% of ${expected.size} expected mentions (target 100%)`,
  );
  console.log(`  lost / doubled        ${result.lost} / ${result.doubled}`);
  console.log(
    `  created → stored      p50 ${s(quantile(result.latencies, 0.5))}, p95 ${s(quantile(result.latencies, 0.95))} (targets ≤ 10 s / ≤ 30 s; poll 5 s)`,
  );
  console.log(
    `  requests per item     ${(requestsBefore / Math.max(1, served)).toFixed(2)} (maxitem polls and parent walks included; ${seconds.toFixed(0)} s)`,
  );
}

/** The fake Jetstream on its own thread (bench/jetstream-emitter.ts), and a way to talk to it. */
async function startEmitter(inputs: AlertInput[], plant: string[]) {
  const thread = new Worker(new URL('./jetstream-emitter.mjs', import.meta.url), {
    workerData: { inputs, plant, rate: RATE, share: 0.005 },
  });
  const next = <T>() => new Promise<T>((resolve) => thread.once('message', resolve));
  const { url } = await next<{ url: string }>();
  return {
    url,
    send: (type: string, n?: number) => thread.postMessage({ type, n }),
    stop: async () => {
      const answer = next<{ emitted: number; expected: [string, number][]; connections: number }>();
      thread.postMessage({ type: 'stop' });
      return answer;
    },
    close: async () => {
      const closed = next();
      thread.postMessage({ type: 'close' });
      await closed;
      await thread.terminate();
    },
  };
}

/** The baseline: a bare client on this thread receiving and parsing frames as fast as they come. */
async function rawReceiveRate(emitter: Awaited<ReturnType<typeof startEmitter>>, frames: number) {
  const ws = new WebSocket(`${emitter.url}?wantedCollections=app.bsky.feed.post`);
  await new Promise((resolve) => ws.once('open', resolve));
  let received = 0;
  let started = 0;
  const done = new Promise<void>((resolve) =>
    ws.on('message', (data: Buffer) => {
      if (received === 0) started = performance.now();
      JSON.parse(data.toString('utf8'));
      if (++received === frames) resolve();
    }),
  );
  emitter.send('burst', frames);
  await done;
  ws.terminate();
  return (frames - 1) / ((performance.now() - started) / 1000);
}

async function jetstreamPhase(database: Database, inputs: AlertInput[], plant: string[]) {
  const emitter = await startEmitter(inputs, plant);
  const baseline = await rawReceiveRate(emitter, 20_000);
  const { worker, config, clients } = workerFor(
    database,
    { SOURCES: 'bluesky', BLUESKY_JETSTREAM_URL: emitter.url },
    'jet-bench',
  );
  const live = createLiveEventBus(database, systemClock, () => {});
  const app = await buildApp({ config, database, clock: systemClock, live, ...clients });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const registered = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'dash@example.com',
      email: 'dash@example.com',
      password: 'bench-password',
    }),
  });
  const cookie = registered.headers.getSetCookie()[0].split(';')[0];
  const dashboard = async (ms: number) => {
    const times: number[] = [];
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const t0 = performance.now();
      await (await fetch(`${base}/api/mentions?limit=5`, { headers: { cookie } })).text();
      times.push(performance.now() - t0);
      await sleep(50);
    }
    return quantile(times, 0.95);
  };
  const idleP95 = await dashboard(3_000);

  await worker.start();
  await settled(database, 2);
  const lagSamples: number[] = [];
  // Collected at the start and once the stream is drained, not during it: a collection pauses
  // the thread the dashboard is measured on.
  const heap = [mb()];
  const sampler = setInterval(() => {
    void cursorOf(database).then((cursor) => {
      if (cursor) lagSamples.push(Date.now() - cursor.timeUs / 1000);
    });
  }, 1000);
  const started = Date.now();
  emitter.send('start');
  const underLoad = dashboard(JET_SECONDS * 1000 - 2000);
  await sleep((JET_SECONDS * 1000) / 2);
  emitter.send('drop');
  await sleep((JET_SECONDS * 1000) / 2);
  const sent = await emitter.stop();
  const runMs = Date.now() - started;
  const loadedP95 = await underLoad;
  // Drain: until the stored cursor has not moved for 3 s (every event sent is stored).
  const drainMs = await settled(database);
  clearInterval(sampler);
  heap.push(mb());
  await worker.stop();
  await app.close();
  await emitter.close();
  const result = compare(new Map(sent.expected), await storedOf(database, 'bluesky'));
  const head = lagSamples.slice(2, 7);
  const tail = lagSamples.slice(-6, -1);
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const rate = sent.emitted / (runMs / 1000);
  console.log(
    `\nBluesky Jetstream (${RATE} post events/s from a thread of its own, 0.5% planted; connection dropped at ${JET_SECONDS / 2} s, ${sent.connections - 2} reconnects)`,
  );
  console.log(
    `  baseline              ${Math.round(baseline)} frames/s received and parsed by a bare client (same process)`,
  );
  console.log(
    `  sustained             ${Math.round(rate)} events/s through matching and storage (${sent.emitted} events in ${s(runMs)}, drained ${s(drainMs)} after; target ≥ 2,000/s)`,
  );
  console.log(`  ratio                 ${(rate / baseline).toFixed(2)} of the bare client's rate`);
  console.log(
    `  lag                   ${s(avg(head))} early, ${s(avg(tail))} late (not growing when about equal)`,
  );
  console.log(
    `  created → stored      p50 ${s(quantile(result.latencies, 0.5))}, p95 ${s(quantile(result.latencies, 0.95))} (target ≤ 5 s)`,
  );
  console.log(
    `  memory (heap)         ${heap[0]} MB at the start, ${heap[1]} MB once drained (this thread, after a collection)`,
  );
  console.log(
    `  lost / doubled        ${result.lost} / ${result.doubled} of ${sent.expected.length} expected mentions`,
  );
  console.log(
    `  dashboard p95         ${loadedP95.toFixed(1)} ms under load, ${idleP95.toFixed(1)} ms idle: ${(loadedP95 / idleP95).toFixed(2)}× (target ≤ 1.5×)`,
  );
}

/** Waits until the stored Jetstream cursor stays put for `quiet` s; answers how long that took. */
async function settled(database: Database, quiet = 3) {
  const start = Date.now();
  let last = -1;
  let still = 0;
  while (still < quiet && Date.now() - start < 120_000) {
    await sleep(1000);
    const now = (await cursorOf(database))?.timeUs ?? 0;
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return Date.now() - start - quiet * 1000;
}

async function cursorOf(database: Database) {
  const result = (await database.db.execute(
    sql`select cursor from source_reads where source = 'bluesky'`,
  )) as unknown as { rows: { cursor: { timeUs: number } | null }[] };
  return result.rows[0]?.cursor ?? undefined;
}

/** A worker process of its own (tsx bench/sources-worker.ts), to be killed. */
function startWorkerProcess(place: Record<string, string>, jetUrl: string) {
  return spawn(process.execPath, ['--import', 'tsx', 'bench/sources-worker.ts'], {
    env: { PATH: process.env.PATH, ...place, BLUESKY_JETSTREAM_URL: jetUrl },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function killPhase(text: (share: number) => string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'earshot-sources-kill-'));
  const seeded = await openBenchDatabase(dataDir);
  const { inputs } = await seedAlerts(seeded.database, 1000);
  const plant = inputs.map((a) => a.keyword).filter((k) => /^[\p{L}\p{N}]+$/u.test(k));
  await seeded.database.close();
  const place: Record<string, string> = seeded.url
    ? { BENCH_DATABASE_URL: seeded.url }
    : { BENCH_DATA_DIR: dataDir };
  const jet = await startFakeJetstream();
  const index = compileAlertIndex(inputs);
  const expected = new Map<string, number>();
  let emitted = 0;
  const emit = () => {
    for (let i = 0; i < 50; i++) {
      const body = `${text(0)} ${emitted % 20 === 0 ? plant[emitted % plant.length] : ''}`;
      const { uri } = jet.post(`did:plc:k${emitted % 300}`, body);
      emitted++;
      for (const match of index.match({
        source: 'bluesky',
        id: uri,
        kind: 'post',
        subreddit: '',
        title: '',
        body,
        score: null,
      }))
        expected.set(`${match.alertId}:${uri}`, Date.now());
    }
  };
  let child = startWorkerProcess(place, jet.url);
  while (jet.clients < 1) await sleep(50);
  const timer = setInterval(emit, 50);
  await sleep(5_000);
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  await sleep(1_000);
  child = startWorkerProcess(place, jet.url);
  await sleep(12_000);
  clearInterval(timer);
  await sleep(10_000);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await jet.stop();
  const database = seeded.url
    ? await openDatabase({ databaseUrl: seeded.url, dataDir: '' })
    : await openDatabase({ dataDir });
  const result = compare(expected, await storedOf(database, 'bluesky'));
  await database.close();
  console.log(`\nA worker killed with SIGKILL mid-stream (${emitted} events, 1,000 alerts)`);
  console.log(
    `  lost / doubled        ${result.lost} / ${result.doubled} of ${expected.size} expected mentions`,
  );
}

async function main() {
  const { database } = await openBenchDatabase();
  const seedStart = performance.now();
  const { inputs, plant } = await seedAlerts(database, ALERTS);
  console.log(
    `${database.kind}: ${inputs.length.toLocaleString()} alerts seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  const text = textMaker(new Random(7), plant);
  await hackerNewsPhase(database, inputs, text);
  await jetstreamPhase(database, inputs, plant);
  await database.close();
  await killPhase(text);
}

await main();
