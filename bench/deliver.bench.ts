/**
 * npm run bench:deliver [-- --quick] [-- --mentions 10000 --users 200 --store-seconds 20
 *   --lease-ms 3000 --timeout-ms 2000 --backoff-ms 1000 --drain-seconds 240 --webhook-delay-ms 0]
 * (--quick: 1,000 mentions, 20 users, 5 s.)
 *
 * The channels outbox end to end: mentions stored at a steady rate through the real outbox path
 * (the mentions rows and `enqueueDeliveries` in one transaction, as ingestion does), each user
 * with a Slack-like, a Discord-like and a generic webhook channel on loopback sinks started here
 * (Slack answers 200 "ok", Discord 204; the webhook receiver is flaky: a burst of 429 with
 * Retry-After at the start, then 10% 503 and 5% no answer until the client gives up). Two
 * workers run the channels job (`createChannelJobs` under the job runner): on PostgreSQL
 * (DATABASE_URL or TEST_DATABASE_URL; a scratch database is created, migrated and dropped) as
 * two child processes, one SIGKILLed half way through the stored mentions; without one, both in
 * this process on PGlite, one stopped (not killed) half way. The leases, the per-request timeout
 * and the retry backoff are shortened through DeliverySettings so that the run takes a minute,
 * not hours; pacing (1 s per Slack/Discord target) is the real one.
 *
 * Printed: deliveries per second, stored → received p50/p95/p99 (healthy sinks and the flaky
 * one apart), duplicates the sinks saw (same webhook-id after a timed-out send, apart from real
 * duplicates), deliveries lost, the workers' peak RSS, and the baseline of the same run: the
 * bodies the sinks accepted POSTed again with the same client and concurrency, no outbox.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { count, eq, sql } from 'drizzle-orm';
import { enqueueDeliveries, type DeliverySettings } from '../src/server/channels';
import { post } from '../src/server/channels/http';
import { newSigningSecret } from '../src/server/channels/senders';
import { openDatabase, type Database } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import {
  alertChannels,
  alerts,
  channelDeliveries,
  channels,
  mentions,
  users,
} from '../src/server/db/schema';
import { createScratchDatabase } from '../test/helpers/database';
import { startDeliveryWorker } from './deliver-worker';
import { Random } from './random';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    mentions: { type: 'string' },
    users: { type: 'string' },
    'store-seconds': { type: 'string' },
    'lease-ms': { type: 'string', default: '3000' },
    'timeout-ms': { type: 'string', default: '2000' },
    'backoff-ms': { type: 'string', default: '1000' },
    'drain-seconds': { type: 'string', default: '240' },
    /** The webhook receiver answers its 2xx this late (a slow receiver; 0: at once). */
    'webhook-delay-ms': { type: 'string', default: '0' },
    /** Both workers live to the end (no SIGKILL half way). */
    'no-kill': { type: 'boolean', default: false },
  },
});
const MENTIONS = Number(values.mentions ?? (values.quick ? 1000 : 10_000));
const USERS = Number(values.users ?? (values.quick ? 20 : 200));
const STORE_MS = Number(values['store-seconds'] ?? (values.quick ? 5 : 20)) * 1000;
const SETTINGS: Partial<DeliverySettings> = {
  leaseMs: Number(values['lease-ms']),
  timeoutMs: Number(values['timeout-ms']),
  backoffBaseMs: Number(values['backoff-ms']),
  backoffCapMs: Number(values['backoff-ms']) * 16,
};
/** The baseline's POSTs in flight at once (the job keeps up to maxChannels per worker). */
const BASELINE_CONCURRENCY = 40;
const WORKERS = 2;
const BURST_MS = 3000;
const RETRY_AFTER_S = 2;
const APP_URL = 'http://earshot.bench.invalid';
/** A send whose copy a sink accepted this shortly before the SIGKILL was still in flight. */
const IN_FLIGHT_AT_KILL_MS = 1000;
const WEBHOOK_DELAY_MS = Number(values['webhook-delay-ms']);
const SERVER_URL = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Sinks

type Kind = 'slack' | 'discord' | 'webhook';
type Answer = 'ok' | '503' | '429' | 'hung';
type Reception = {
  at: number;
  kind: Kind;
  /** The channel's URL path: one per user and kind. */
  path: string;
  /** Bench numbers of the mentions the body carries (from their permalinks). */
  seqs: number[];
  webhookId?: string;
  answer: Answer;
};
type Body = { url: string; headers: Record<string, string>; body: string; seqs: number };

const PERMALINK = /\/comments\/m(\d+)\//g;

function startSink(kind: Kind, receptions: Reception[], accepted: Body[]) {
  const random = new Random(kind === 'webhook' ? 19 : 7);
  let firstAt: number | undefined;
  let baselineCount = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = Date.now();
      const okStatus = kind === 'discord' ? 204 : 200;
      const okBody = kind === 'slack' ? 'ok' : '';
      if (req.headers['x-bench-baseline']) {
        baselineCount++;
        res.writeHead(okStatus).end(okBody);
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const seqs = [...new Set([...body.matchAll(PERMALINK)].map((m) => Number(m[1])))];
      const webhookId = req.headers['webhook-id'] as string | undefined;
      let answer: Answer = 'ok';
      if (kind === 'webhook') {
        firstAt ??= at;
        const roll = random.next();
        if (at < firstAt + BURST_MS) answer = '429';
        else if (roll < 0.05) answer = 'hung';
        else if (roll < 0.15) answer = '503';
      }
      receptions.push({ at, kind, path: req.url ?? '', seqs, webhookId, answer });
      switch (answer) {
        case 'ok':
          accepted.push({
            url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${req.url}`,
            headers: Object.fromEntries(
              ['content-type', 'webhook-id', 'webhook-timestamp', 'webhook-signature']
                .filter((h) => req.headers[h] !== undefined)
                .map((h) => [h, String(req.headers[h])]),
            ),
            body,
            seqs: seqs.length,
          });
          if (kind === 'webhook' && WEBHOOK_DELAY_MS > 0) {
            setTimeout(() => res.writeHead(okStatus).end(okBody), WEBHOOK_DELAY_MS);
          } else res.writeHead(okStatus).end(okBody);
          break;
        case '503':
          res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
          break;
        case '429':
          res
            .writeHead(429, { 'retry-after': String(RETRY_AFTER_S), 'content-type': 'text/plain' })
            .end('Too Many Requests');
          break;
        case 'hung':
          // No answer: the client's timeout ends the exchange.
          break;
      }
    });
  });
  server.keepAliveTimeout = 5000;
  return new Promise<{ url: string; baselineCount: () => number; close: () => Promise<void> }>(
    (resolve) =>
      server.listen(0, '127.0.0.1', () =>
        resolve({
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          baselineCount: () => baselineCount,
          close: () =>
            new Promise<void>((done) => {
              server.closeAllConnections();
              server.close(() => done());
            }),
        }),
      ),
  );
}

// ---------------------------------------------------------------------------------------------
// Database and workers

async function openBenchDatabase() {
  if (!SERVER_URL) {
    const database = await openDatabase({ memory: true });
    await runMigrations(database);
    return { database, url: undefined, drop: async () => {} };
  }
  const scratch = await createScratchDatabase(SERVER_URL, 'earshot_bench');
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  await runMigrations(database);
  return { database, url: scratch.url, drop: scratch.drop };
}

const channelPath = (kind: Kind, user: number) =>
  kind === 'slack'
    ? `/services/T0BENCH/B${user}/x${user}`
    : kind === 'discord'
      ? `/api/webhooks/${user}/token${user}`
      : `/hooks/earshot/${user}`;

/** USERS users, one alert each, sent to their three channels. Returns each user's alert id. */
async function seed(db: Database['db'], sinkUrls: Record<Kind, string>) {
  const owners = await db
    .insert(users)
    .values(
      Array.from({ length: USERS }, (_, i) => ({
        username: `bench${i}@example.com`,
        email: `bench${i}@example.com`,
        password: 'x',
        planType: 'pro',
      })),
    )
    .returning({ id: users.id });
  const alertRows = await db
    .insert(alerts)
    .values(owners.map((o) => ({ workspaceId: o.id, keyword: 'stripe OR paddle' })))
    .returning({ id: alerts.id, workspaceId: alerts.workspaceId });
  const kinds: Kind[] = ['slack', 'discord', 'webhook'];
  const channelRows = await db
    .insert(channels)
    .values(
      owners.flatMap((o, i) =>
        kinds.map((kind) => ({
          workspaceId: o.id,
          kind,
          name: `${kind} ${i}`,
          target: `${sinkUrls[kind]}${channelPath(kind, i)}`,
          signingSecret: kind === 'webhook' ? newSigningSecret() : null,
        })),
      ),
    )
    .returning({ id: channels.id, workspaceId: channels.workspaceId });
  const alertOf = new Map(alertRows.map((a) => [a.workspaceId, a.id]));
  await db
    .insert(alertChannels)
    .values(channelRows.map((c) => ({ alertId: alertOf.get(c.workspaceId)!, channelId: c.id })));
  return owners.map((o) => ({ workspaceId: o.id, alertId: alertOf.get(o.id)! }));
}

type Worker = {
  name: string;
  peakRss: number;
  kill?: () => void;
  stop: () => Promise<void>;
};

async function spawnWorker(url: string, name: string): Promise<Worker> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=dir: each worker writes a V8 CPU profile there when it stops.
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
      '--import',
      'tsx',
      'bench/deliver-worker.ts',
      '--child',
      url,
      name,
      APP_URL,
      JSON.stringify(SETTINGS),
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const worker: Worker = {
    name,
    peakRss: 0,
    kill: () => child.kill('SIGKILL'),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      await exited;
      clearTimeout(timer);
    },
  };
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: { type: string; rss?: number }) => {
      if (message.type === 'ready') resolve();
      if (message.type === 'rss') worker.peakRss = Math.max(worker.peakRss, message.rss ?? 0);
    });
    child.once('exit', (code) => reject(new Error(`worker ${name} exited (${code})`)));
  });
  return worker;
}

async function inProcessWorker(database: Database, name: string): Promise<Worker> {
  const runner = await startDeliveryWorker(database, {
    owner: name,
    appUrl: APP_URL,
    settings: SETTINGS,
  });
  const worker: Worker = { name, peakRss: 0, stop: () => runner.stop() };
  const timer = setInterval(() => {
    worker.peakRss = Math.max(worker.peakRss, process.memoryUsage().rss);
  }, 250);
  const stop = worker.stop;
  worker.stop = async () => {
    await stop();
    clearInterval(timer);
  };
  return worker;
}

// ---------------------------------------------------------------------------------------------
// Storing mentions

/** MENTIONS mentions over STORE_MS, in 100 ms ticks, each tick one transaction as ingestion's. */
async function storeMentions(
  db: Database['db'],
  owners: { workspaceId: number; alertId: number }[],
  storedAt: number[],
  onHalf: () => void,
) {
  const start = Date.now();
  let done = 0;
  let halfCalled = false;
  while (done < MENTIONS) {
    // At most 1,000 rows a transaction (a store that fell behind catches up in several).
    const target = Math.min(
      MENTIONS,
      done + 1000,
      Math.ceil(((Date.now() - start) / STORE_MS) * MENTIONS),
    );
    if (target > done) {
      const rows: (typeof mentions.$inferInsert)[] = [];
      for (let seq = done; seq < target; seq++) {
        const owner = owners[seq % owners.length];
        rows.push({
          alertId: owner.alertId,
          workspaceId: owner.workspaceId,
          itemId: `t3_bench${seq}`,
          subreddit: 'SaaS',
          title: `Stripe or Paddle for a small SaaS? (bench mention ${seq})`,
          body: `${'We compared pricing and support for weeks before choosing. '.repeat(4)}Stripe won on docs, Paddle on taxes.`,
          permalink: `/r/SaaS/comments/m${seq}/stripe_or_paddle/`,
          author: `redditor${seq % 97}`,
          score: seq % 50,
          commentCount: seq % 13,
          redditCreatedAt: new Date(),
          matchedKeyword: 'stripe OR paddle',
        });
      }
      await db.transaction(async (tx) => {
        const inserted = await tx.insert(mentions).values(rows).returning({ id: mentions.id });
        await enqueueDeliveries(
          tx,
          inserted.map((r) => r.id),
          new Date(),
        );
      });
      const committed = Date.now();
      for (let seq = done; seq < target; seq++) storedAt[seq] = committed;
      done = target;
      if (!halfCalled && done >= MENTIONS / 2) {
        halfCalled = true;
        onHalf();
      }
    }
    await sleep(100);
  }
  return { startedAt: start, endedAt: Date.now() };
}

async function statusCounts(db: Database['db']) {
  const rows = await db
    .select({ status: channelDeliveries.status, n: count() })
    .from(channelDeliveries)
    .groupBy(channelDeliveries.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
}

/**
 * BENCH_DEBUG: every second, channels with due, unleased deliveries that may be sent to now,
 * against how many of those are among the channels `leaseDue` looks at (its first
 * maxChannels · 5 distinct channel ids of due deliveries, before it checks their send_after).
 */
function probeStarvation(db: Database['db']) {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const result = (await db.execute(sql`
        with due as (
          select distinct channel_id from channel_deliveries
          where status = 'pending' and next_attempt_at <= now()
            and (lease_until is null or lease_until < now())),
        candidates as (
          select distinct channel_id from channel_deliveries
          where status = 'pending' and next_attempt_at <= now()
            and (lease_until is null or lease_until < now())
          limit 100)
        select
          (select count(*) from due)::int as due,
          (select count(*) from due join channels c on c.id = due.channel_id
            where c.send_after is null or c.send_after <= now())::int as free,
          (select count(*) from candidates join channels c on c.id = candidates.channel_id
            where c.send_after is null or c.send_after <= now())::int as candidates_free,
          (select count(*) from channel_deliveries where status = 'pending')::int as pending,
          (select count(*) from channels where kind <> 'webhook'
            and send_after > now() + interval '1100 milliseconds')::int as chat_leased
      `)) as unknown as { rows: Record<string, number>[] };
      console.log(
        `probe ${new Date().toISOString().slice(11, 19)} ${JSON.stringify(result.rows[0])}`,
      );
      await sleep(1000);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}

// ---------------------------------------------------------------------------------------------
// Analysis

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

function latencies(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

async function baseline(bodies: Body[]) {
  const start = performance.now();
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: BASELINE_CONCURRENCY }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++];
        const answer = await post(
          { url: body.url, headers: { ...body.headers, 'x-bench-baseline': '1' }, body: body.body },
          { allowPrivate: true, timeoutMs: 10_000 },
        );
        if (answer.kind !== 'answered' || answer.status >= 300) failed++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const deliveries = bodies.reduce((n, b) => n + b.seqs, 0);
  return { posts: bodies.length, deliveries, seconds, failed };
}

async function main() {
  const onPostgres = Boolean(SERVER_URL);
  const receptions: Reception[] = [];
  const accepted: Body[] = [];
  const sinks = {
    slack: await startSink('slack', receptions, accepted),
    discord: await startSink('discord', receptions, accepted),
    webhook: await startSink('webhook', receptions, accepted),
  };
  const { database, url, drop } = await openBenchDatabase();
  const owners = await seed(database.db, {
    slack: sinks.slack.url,
    discord: sinks.discord.url,
    webhook: sinks.webhook.url,
  });
  console.log(
    `bench:deliver — ${MENTIONS.toLocaleString('en-US')} mentions for ${USERS} users × 3 channels over ${STORE_MS / 1000} s, ` +
      `${onPostgres ? 'PostgreSQL, 2 worker processes (one SIGKILLed half way)' : 'PGlite: both workers in this process (single-process database), one stopped (not killed) half way'}; ` +
      `leaseMs ${SETTINGS.leaseMs}, timeoutMs ${SETTINGS.timeoutMs}, backoff ${SETTINGS.backoffBaseMs}–${SETTINGS.backoffCapMs} ms (shortened for the bench), node ${process.version}`,
  );

  const workers: Worker[] = [];
  for (let i = 0; i < WORKERS; i++) {
    const name = `bench-worker-${i + 1}`;
    workers.push(url ? await spawnWorker(url, name) : await inProcessWorker(database, name));
  }

  const storedAt: number[] = new Array<number>(MENTIONS);
  let killedAt: number | undefined;
  const stored = await storeMentions(database.db, owners, storedAt, () => {
    if (values['no-kill']) return;
    killedAt = Date.now();
    if (workers[0].kill) workers[0].kill();
    else void workers[0].stop();
  });

  const stopProbe = process.env.BENCH_PROBE ? probeStarvation(database.db) : undefined;
  const drainDeadline = Date.now() + Number(values['drain-seconds']) * 1000;
  let counts = await statusCounts(database.db);
  while ((counts.pending ?? 0) > 0 && Date.now() < drainDeadline) {
    await sleep(500);
    counts = await statusCounts(database.db);
  }
  const drained = (counts.pending ?? 0) === 0;
  const settledAt = Date.now();
  await stopProbe?.();
  await Promise.all(workers.map((w) => w.stop()));

  // Every delivery row, with the sink path and mention number it should have reached.
  const rows = await database.db
    .select({
      status: channelDeliveries.status,
      webhookId: channelDeliveries.webhookId,
      kind: channels.kind,
      target: channels.target,
      itemId: mentions.itemId,
    })
    .from(channelDeliveries)
    .innerJoin(channels, eq(channels.id, channelDeliveries.channelId))
    .innerJoin(mentions, eq(mentions.id, channelDeliveries.mentionId));

  // Per (channel path, mention): first accepted reception, copies accepted, webhook-ids seen.
  type Seen = { firstOk?: number; ok: number; ids: Set<string> };
  const seen = new Map<string, Seen>();
  const byWebhookId = new Map<string, Reception[]>();
  for (const r of receptions) {
    for (const seq of r.seqs) {
      const key = `${r.path}#${seq}`;
      const entry = seen.get(key) ?? { ok: 0, ids: new Set<string>() };
      if (r.answer === 'ok') {
        entry.ok++;
        entry.firstOk ??= r.at;
      }
      if (r.webhookId) entry.ids.add(r.webhookId);
      seen.set(key, entry);
    }
    if (r.webhookId) byWebhookId.set(r.webhookId, [...(byWebhookId.get(r.webhookId) ?? []), r]);
  }

  const healthy: number[] = [];
  const flaky: number[] = [];
  const healthyByStoreTime: number[][] = [];
  let sent = 0;
  let dead = 0;
  let notSettled = 0;
  let sentNotSeen = 0;
  let lastOk = 0;
  let lastHealthyOk = 0;
  for (const row of rows) {
    if (row.status === 'dead') dead++;
    if (row.status !== 'sent' && row.status !== 'dead') notSettled++;
    if (row.status !== 'sent') continue;
    sent++;
    const seq = Number(row.itemId.replace('t3_bench', ''));
    const entry = seen.get(`${new URL(row.target).pathname}#${seq}`);
    const okAt =
      row.kind === 'webhook'
        ? byWebhookId
            .get(row.webhookId)
            ?.filter((r) => r.answer === 'ok')
            .map((r) => r.at)[0]
        : entry?.firstOk;
    if (okAt === undefined) {
      sentNotSeen++;
      continue;
    }
    lastOk = Math.max(lastOk, okAt);
    if (row.kind !== 'webhook') lastHealthyOk = Math.max(lastHealthyOk, okAt);
    (row.kind === 'webhook' ? flaky : healthy).push(okAt - storedAt[seq]);
    if (row.kind !== 'webhook') {
      const bucket = Math.floor((storedAt[seq] - stored.startedAt) / 2000);
      (healthyByStoreTime[bucket] ??= []).push(okAt - storedAt[seq]);
    }
  }

  // Duplicates. Chat sinks: a mention accepted twice on one channel. Webhook sink: copies of one
  // webhook-id after a copy that got no answer (the client timed out: a receiver-visible retry,
  // which must carry the same id) apart from copies accepted twice (real duplicates).
  // A copy accepted just before the SIGKILL whose answer the killed worker never recorded is
  // sent again after its lease (at-least-once; the same webhook-id). Counted apart: the target
  // is about every other duplicate.
  const inFlightAtKill = (firstOkAt: number | undefined) =>
    killedAt !== undefined &&
    firstOkAt !== undefined &&
    // (a request already on the wire reaches the sink a moment after the kill)
    firstOkAt <= killedAt + 250 &&
    firstOkAt > killedAt - IN_FLIGHT_AT_KILL_MS;
  let chatDuplicates = 0;
  let chatAtKill = 0;
  let idsPerDelivery = 0;
  for (const [key, entry] of seen) {
    if (!key.startsWith('/hooks/')) {
      chatDuplicates += Math.max(0, entry.ok - 1);
      if (entry.ok > 1 && inFlightAtKill(entry.firstOk)) chatAtKill += entry.ok - 1;
      if (entry.ok > 1 && process.env.BENCH_DEBUG) {
        const times = receptions
          .filter(
            (r) =>
              r.answer === 'ok' && `${r.path}#${r.seqs.find((q) => key.endsWith(`#${q}`))}` === key,
          )
          .map((r) => ((r.at - (killedAt ?? stored.startedAt)) / 1000).toFixed(1));
        console.log(
          `chat duplicate ${key}: accepted at kill (or store start) + ${times.join(' s, ')} s`,
        );
      }
    } else if (entry.ids.size > 1) idsPerDelivery++;
  }
  let timedOutRetries = 0;
  let webhookDuplicates = 0;
  let nearKill = 0;
  for (const copies of byWebhookId.values()) {
    copies.forEach((_, i) => {
      if (i > 0 && copies.slice(0, i).some((c) => c.answer === 'hung')) timedOutRetries++;
    });
    const oks = copies.filter((c) => c.answer === 'ok');
    webhookDuplicates += Math.max(0, oks.length - 1);
    if (oks.length > 1 && inFlightAtKill(oks[0].at)) nearKill += oks.length - 1;
    if (oks.length > 1 && process.env.BENCH_DEBUG) {
      const rel = (t: number) => `${((t - (killedAt ?? stored.startedAt)) / 1000).toFixed(1)} s`;
      console.log(
        `duplicate ${oks[0].webhookId}: ${copies.map((c) => `${c.answer} at kill or store start${rel(c.at).startsWith('-') ? '' : '+'}${rel(c.at)}`).join(', ')}`,
      );
    }
  }
  if (process.env.BENCH_DEBUG) {
    healthyByStoreTime.forEach((values, i) => {
      const l = latencies(values);
      console.log(
        `healthy stored at ${i * 2}–${i * 2 + 2} s (kill at ${killedAt ? ((killedAt - stored.startedAt) / 1000).toFixed(1) : '–'} s): p50 ${l.p50} ms, p95 ${l.p95} ms`,
      );
    });
  }
  const answers = (kind: Kind) => {
    const of = receptions.filter((r) => r.kind === kind);
    const tally: Record<string, number> = {};
    for (const r of of) tally[r.answer] = (tally[r.answer] ?? 0) + 1;
    return tally;
  };
  const firstStored = stored.startedAt;
  const perSecond = sent / ((lastOk - firstStored) / 1000);
  const healthyPerSecond = healthy.length / ((lastHealthyOk - firstStored) / 1000);

  const base = await baseline(accepted);
  const basePerSecond = base.deliveries / base.seconds;
  await Promise.all(Object.values(sinks).map((s) => s.close()));
  await database.close();
  await drop();

  const ms = (n: number) => (Number.isNaN(n) ? '–' : `${(n / 1000).toFixed(2)} s`);
  const fmt = (n: number, digits = 0) =>
    n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const h = latencies(healthy);
  const f = latencies(flaky);
  const [one, five, fifteen] = loadavg();
  console.log('');
  console.log(
    `stored ${fmt(MENTIONS)} mentions in ${fmt((stored.endedAt - stored.startedAt) / 1000, 1)} s; deliveries ${fmt(rows.length)}: ${Object.entries(
      counts,
    )
      .map(([k, v]) => `${k} ${fmt(v)}`)
      .join(
        ', ',
      )}${drained ? '' : ' (NOT DRAINED within the drain time)'}; all settled ${fmt((settledAt - stored.startedAt) / 1000, 1)} s after the first store`,
  );
  console.log(
    `sink answers: slack ${JSON.stringify(answers('slack'))}, discord ${JSON.stringify(answers('discord'))}, webhook ${JSON.stringify(answers('webhook'))}`,
  );
  console.log(
    `load average at the end (1/5/15 min): ${one.toFixed(2)} / ${five.toFixed(2)} / ${fifteen.toFixed(2)}`,
  );
  console.log('');
  console.log('| measure | value | vs baseline |');
  console.log('|---|---|---|');
  console.log(
    `| deliveries/s (sent ÷ first store → last accepted) | ${fmt(perSecond)} | ${(perSecond / basePerSecond).toFixed(2)} |`,
  );
  console.log(
    `| of which Slack + Discord (sent ÷ first store → last of theirs accepted) | ${fmt(healthyPerSecond)} | |`,
  );
  console.log(
    `| baseline: accepted bodies POSTed again, no outbox, ${BASELINE_CONCURRENCY} at a time | ${fmt(basePerSecond)} deliveries/s (${fmt(base.posts / base.seconds)} POSTs/s${base.failed ? `, ${base.failed} failed` : ''}) | 1.00 |`,
  );
  console.log(
    `| stored → received, Slack + Discord (${fmt(h.n)}) p50 / p95 / p99 | ${ms(h.p50)} / ${ms(h.p95)} / ${ms(h.p99)} | |`,
  );
  console.log(
    `| stored → received, flaky webhook (${fmt(f.n)}) p50 / p95 / p99 | ${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.p99)} | |`,
  );
  console.log(
    `| webhook: copies after a timed-out send (same id, receiver-visible retries) | ${fmt(timedOutRetries)} | |`,
  );
  console.log(
    `| webhook: duplicates (one webhook-id accepted twice) (of which in flight at the SIGKILL: first copy ≤ ${IN_FLIGHT_AT_KILL_MS} ms before it) | ${fmt(webhookDuplicates)} (${fmt(nearKill)}) | |`,
  );
  console.log(
    `| webhook: deliveries seen under more than one webhook-id | ${fmt(idsPerDelivery)} | |`,
  );
  console.log(
    `| Slack/Discord: duplicates (one permalink accepted twice on a channel) (of which in flight at the SIGKILL) | ${fmt(chatDuplicates)} (${fmt(chatAtKill)}) | |`,
  );
  console.log(
    `| lost: rows neither sent nor dead${drained ? '' : ' (not drained: still pending, not lost as such)'} + sent rows never accepted by their sink | ${fmt(notSettled)} + ${fmt(sentNotSeen)} | |`,
  );
  console.log(`| dead letters | ${fmt(dead)} | |`);
  console.log(
    `| peak RSS per worker${onPostgres ? '' : ' (the whole process: PGlite, sinks and bench included)'} | ${workers.map((w) => `${w.name} ${fmt(w.peakRss / 2 ** 20)} MB`).join(', ')} | |`,
  );
  const targets: [string, boolean, string][] = [
    ['p95 stored → delivered ≤ 2 s for healthy targets', h.p95 <= 2000, ms(h.p95)],
    ['≥ 500 deliveries/s', perSecond >= 500, `${fmt(perSecond)}/s`],
    ['0 lost', notSettled + sentNotSeen === 0, fmt(notSettled + sentNotSeen)],
    [
      '0 duplicates beyond re-sends of sends whose answer was never recorded (timed out, or in flight at the SIGKILL)',
      chatDuplicates - chatAtKill + webhookDuplicates - nearKill === 0,
      `${fmt(chatDuplicates - chatAtKill + webhookDuplicates - nearKill)} (in flight at the SIGKILL, sent again: ${fmt(chatAtKill + nearKill)})`,
    ],
  ];
  console.log('\ntargets:');
  for (const [name, ok, value] of targets)
    console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name}: ${value}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
