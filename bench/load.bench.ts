/**
 * npm run bench:load [-- --seconds 60 --users 50 --posts 60 --comments 10 --baseline 20]
 *
 * Ingestion under dashboard load, as one ROLE=all process runs them: the worker reads the fake
 * Reddit's firehose (a separate process, over HTTP; 60 posts and 10 comments a second, 10% of
 * them carrying one of 100 keywords) while simulated dashboard users (a worker thread: each
 * keeps one request in flight over mentions, stats, alerts and the ingestion status) load the
 * API. In the same run, a baseline phase with one dashboard user comes first. Printed per phase:
 * the listing gaps the worker recorded (must be 0), the matches stored against those in the
 * firehose (ground truth: the matching index over the fake's item log), API requests a second,
 * p50/p95/p99 latency of the answered ones, the share of 503s and their p99, and the load
 * phase's ratios to the baseline.
 * Runs on in-memory PGlite, or on PostgreSQL in a scratch database of DATABASE_URL's server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import pino from 'pino';
import { createLiveEventBus } from '../src/server/live';
import { buildApp } from '../src/server/app';
import { createOutsideClients } from '../src/server/clients';
import { systemClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { openDatabase, openWorkerDatabase, type Database } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { alerts, ingestionGaps, mentions, users } from '../src/server/db/schema';
import { compileAlertIndex, type AlertInput } from '../src/server/matching';
import { buildWorker } from '../src/server/worker';
import type { ItemLogEntry } from '../test/fakes/reddit/types';
import { OFFLINE_SOURCES_ENV } from '../test/helpers/offline-sources';
import { createScratchDatabase } from '../test/helpers/database';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    baseline: { type: 'string', default: '20' },
    users: { type: 'string', default: '50' },
    posts: { type: 'string', default: '60' },
    comments: { type: 'string', default: '10' },
    port: { type: 'string', default: '18766' },
  },
});
const LOAD_SECONDS = Number(values.seconds);
const BASELINE_SECONDS = Number(values.baseline);
const USERS = Number(values.users);
const WARM_UP_MS = 20_000;
const DRAIN_MS = 10_000;
const KEYWORDS = Array.from({ length: 100 }, (_, i) => `loadword${i}`);
const DASHBOARD = ['/api/mentions?limit=50', '/api/stats', '/api/alerts', '/api/ingestion/status'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startFake(port: number): Promise<{ url: string; child: ChildProcess }> {
  const args = ['--import', 'tsx', 'scripts/fake-reddit.ts', '--port', String(port)];
  const child = spawn(process.execPath, [...args, '--no-fixtures', '--seed', '7'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the fake Reddit exited (port ${port} taken?)`);
    try {
      if ((await fetch(`${url}/_fake/requests/summary`)).ok) return { url, child };
    } catch {
      await sleep(100);
    }
  }
  throw new Error('the fake Reddit did not start');
}

async function openBenchDatabase(): Promise<Database> {
  const server = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!server) {
    const db = await openDatabase({ memory: true });
    await runMigrations(db);
    return db;
  }
  const scratch = await createScratchDatabase(server, 'earshot_bench_load');
  const db = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  await runMigrations(db);
  return { ...db, close: async () => (await db.close(), await scratch.drop()) };
}

/** 100 site-wide keywords of 10 Pro users: r/all's posts and comments are read. */
async function seedKeywords(database: Database): Promise<AlertInput[]> {
  const owners = await database.db
    .insert(users)
    .values(
      Array.from({ length: 10 }, (_, i) => ({
        username: `owner${i}@example.com`,
        email: `owner${i}@example.com`,
        password: 'x',
        planType: 'pro',
      })),
    )
    .returning({ id: users.id });
  return database.db
    .insert(alerts)
    .values(
      KEYWORDS.map((keyword, i) => ({
        workspaceId: owners[i % owners.length].id,
        keyword,
        includeComments: true,
      })),
    )
    .returning();
}

/** A dashboard user: registered through the API, one keyword and 2,000 mentions of it. */
async function dashboardUser(base: string, database: Database, n: number) {
  const email = `dashboard${n}@example.com`;
  let res: Response;
  // Shed (503) while the server is busy: asked again when Retry-After says.
  for (;;) {
    res = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, email, password: 'bench-password' }),
    });
    if (res.status !== 503) break;
    await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
  }
  if (res.status !== 201) throw new Error(`register: ${res.status}`);
  const { id } = (await res.json()) as { id: number };
  await database.db.execute(sql`
    with a as (insert into alerts (workspace_id, keyword) values (${id}, 'zendesk') returning id)
    insert into mentions (alert_id, workspace_id, item_id, subreddit, title, body, permalink, author,
                          score, comment_count, is_comment, reddit_created_at, created_at,
                          matched_keyword)
    select a.id, ${id}, 't3_d' || ${n} || '_' || g, 'sub' || g % 40, 'Post ' || g,
           repeat('We compared support tools for weeks. ', 4), '/r/sub/comments/' || g || '/p/',
           'redditor' || g, g % 500, g % 40, g % 3 = 0,
           now() - g * interval '15 minutes', now() - g * interval '15 minutes', 'zendesk'
    from a, generate_series(1, 2000) g`);
  return res.headers.getSetCookie()[0].split(';')[0];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

type Phase = {
  name: string;
  users: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  shedShare: number;
  shedP99: number;
  other: number;
  gaps: number;
  gapItems: number;
  expected: number;
  stored: number;
};

async function main() {
  const fake = await startFake(Number(values.port));
  // A failed run must not leave the fake listening on its port.
  process.on('exit', () => fake.child.kill());
  const database = await openBenchDatabase();
  const workerDatabase = await openWorkerDatabase(database, true);
  const keywords = await seedKeywords(database);
  // The SHED_* settings (and the rest) may come from the environment; Reddit is the fake.
  const config = loadConfig({
    // Reddit (the fake) alone: a benchmark never reaches the real sites.
    ...OFFLINE_SOURCES_ENV,
    ...process.env,
    APP_URL: 'http://localhost:3000',
    REDDIT_CLIENT_ID: 'fake-client-id',
    REDDIT_CLIENT_SECRET: 'fake-client-secret',
    REDDIT_API_BASE: fake.url,
    REDDIT_AUTH_BASE: fake.url,
    REDDIT_POLL_SECONDS: '1',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'earshot-bench-load-')),
  });
  const log = pino({ level: process.env.BENCH_LOG ?? 'silent' });
  // As main.ts wires ROLE=all: the worker and the Reddit budget on the worker's handle.
  const clients = createOutsideClients({
    config,
    database: workerDatabase,
    clock: systemClock,
    log,
  });
  // As main.ts does: the web side listens for live events (dashboard tabs would get them).
  const live = createLiveEventBus(database, systemClock, () => {});
  await live.start();
  const app = await buildApp({ config, database, clock: systemClock, live, ...clients });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const worker = buildWorker({
    config,
    database: workerDatabase,
    log,
    clock: systemClock,
    ...clients,
  });
  const cookies: string[] = [];
  for (let n = 0; n < USERS; n++) cookies.push(await dashboardUser(base, database, n));
  await worker.start();
  await fetch(`${fake.url}/_fake/firehose`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      commentsPerSecond: Number(values.comments),
      postsPerSecond: Number(values.posts),
      plant: { phrases: KEYWORDS, rate: 0.1 },
    }),
  });
  await sleep(WARM_UP_MS);

  const load = new Worker(new URL('./dashboard-load.mjs', import.meta.url));
  const index = compileAlertIndex(keywords);
  const phases: Phase[] = [];
  for (const [name, users, seconds] of [
    ['baseline', 1, BASELINE_SECONDS],
    ['load', USERS, LOAD_SECONDS],
  ] as const) {
    const start = new Date();
    const result = await new Promise<{
      ok: number;
      shed: number;
      other: number;
      seconds: number;
      latencies: number[];
      shedLatencies: number[];
    }>((resolve) => {
      load.once('message', resolve);
      load.postMessage({ base, cookies: cookies.slice(0, users), paths: DASHBOARD, seconds });
    });
    const end = new Date();
    // What was created in the phase has had time to be read before it is counted.
    await sleep(DRAIN_MS);
    const [gaps] = await database.db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        items: sql<number>`coalesce(sum(${ingestionGaps.estimatedItems}), 0)`.mapWith(Number),
      })
      .from(ingestionGaps)
      .where(and(gte(ingestionGaps.detectedAt, start), lt(ingestionGaps.detectedAt, end)));
    const created = (await (await fetch(`${fake.url}/_fake/items`)).text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ItemLogEntry)
      .filter((i) => i.createdMs >= start.getTime() && i.createdMs < end.getTime());
    const expected = new Set<string>();
    for (const item of created) {
      const post = item.kind === 't3';
      const found = index.match({
        id: item.fullname,
        kind: post ? 'post' : 'comment',
        subreddit: item.subreddit,
        title: post ? (item.title ?? '') : (item.linkTitle ?? ''),
        body: post ? (item.selftext ?? '') : (item.body ?? ''),
        score: item.score,
      });
      for (const match of found) expected.add(`${match.alertId}:${item.fullname}`);
    }
    const ids = [...new Set([...expected].map((key) => key.slice(key.indexOf(':') + 1)))];
    const stored = ids.length
      ? await database.db
          .select({ alertId: mentions.alertId, redditId: mentions.itemId })
          .from(mentions)
          .where(inArray(mentions.itemId, ids))
      : [];
    const sorted = result.latencies.sort((a, b) => a - b);
    const shedSorted = result.shedLatencies.sort((a, b) => a - b);
    const requests = result.ok + result.shed + result.other;
    phases.push({
      name,
      users,
      rps: requests / result.seconds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      shedShare: requests ? result.shed / requests : 0,
      shedP99: percentile(shedSorted, 99),
      other: result.other,
      gaps: gaps.count,
      gapItems: gaps.items,
      expected: expected.size,
      stored: stored.filter((m) => expected.has(`${m.alertId}:${m.redditId}`)).length,
    });
  }
  await load.terminate();
  await fetch(`${fake.url}/_fake/firehose`, { method: 'DELETE' });
  await worker.stop();
  await app.close();
  if (workerDatabase !== database) await workerDatabase.close();
  await database.close();
  fake.child.kill();
  print(database.kind, phases);
}

function print(kind: string, phases: Phase[]) {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `\nbench:load on ${kind}: firehose ${values.posts} posts + ${values.comments} comments/s, ` +
      `${USERS} dashboard users for ${LOAD_SECONDS} s after a ${BASELINE_SECONDS} s baseline with one`,
  );
  const header = [
    'phase',
    'users',
    'req/s',
    'p50',
    'p95',
    'p99',
    '503s',
    '503 p99',
    'other',
    'gaps',
    'stored',
  ];
  const rows = phases.map((p) => [
    p.name,
    String(p.users),
    p.rps.toFixed(0),
    ms(p.p50),
    ms(p.p95),
    ms(p.p99),
    `${(p.shedShare * 100).toFixed(1)}%`,
    Number.isNaN(p.shedP99) ? '-' : ms(p.shedP99),
    String(p.other),
    `${p.gaps} (${p.gapItems} items)`,
    `${p.stored}/${p.expected}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const row of [header, ...rows]) {
    console.log(row.map((cell, i) => cell.padStart(widths[i])).join('  '));
  }
  const [baseline, load] = phases;
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : '-');
  console.log(
    `load / baseline: p50 ${ratio(load.p50, baseline.p50)}, p95 ${ratio(load.p95, baseline.p95)}, ` +
      `p99 ${ratio(load.p99, baseline.p99)}, req/s ${ratio(load.rps, baseline.rps)}`,
  );
  const lost = phases.reduce((n, p) => n + p.gaps, 0);
  console.log(lost === 0 ? 'gaps: 0 (as required)' : `GAPS: ${lost} — ingestion fell behind`);
  if (lost > 0) process.exitCode = 1;
}

await main();
