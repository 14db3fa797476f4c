/**
 * npm run bench:digest — digests rendered and delivered per second against a loopback SMTP
 * sink, and peak memory, at 1,000 users × 20 due mentions and at a larger user count (memory
 * must stay flat: the job never holds more than a batch of users' mentions).
 * The baseline, measured in the same run, is the raw delivery rate of pre-rendered messages
 * of the same size through the same mailer and sink: the job's figure is reported against it.
 * Options: --users=1000 --large=4000 (TEST_DATABASE_URL runs on PostgreSQL instead of PGlite).
 */
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { runDigestJob } from '../src/server/email/digests/job';
import { renderDigest, type DigestMention } from '../src/server/email/digests/render';
import { createSmtpMailer } from '../src/server/email/mailer';
import { createScratchDatabase } from '../test/helpers/database';
import { startSmtpSink } from '../test/helpers/smtp-sink';

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const USERS = arg('users', 1000);
const LARGE = arg('large', 4000);
const PER_USER = 20;
const NOW = new Date('2026-11-21T12:00:00Z');
const quiet = { info: () => {}, warn: () => {} };
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const KEYWORDS = ['stripe OR paddle', '"customer support" tool', 'pric*', 'node.js', 'c++ -java'];

async function database(): Promise<Database> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    const db = await openDatabase({ memory: true });
    await runMigrations(db);
    return db;
  }
  const scratch = await createScratchDatabase(server, 'earshot_bench');
  const db = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  await runMigrations(db);
  return { ...db, close: async () => (await db.close(), await scratch.drop()) };
}

/** Users with a due daily digest, one email alert each and PER_USER undigested mentions. */
async function seed(db: Database['db'], users: number) {
  await db.execute(sql`
    insert into users (username, email, password, email_verified_at)
    select 'bench' || g || '@example.com', 'bench' || g || '@example.com', 'x', now()
    from generate_series(1, ${users}) g`);
  await db.execute(sql`
    insert into digest_configs (user_id, next_slot_at, updated_at)
    select id, ${new Date(NOW.getTime() - 60_000).toISOString()}, ${new Date(NOW.getTime() - 86_400_000).toISOString()} from users`);
  await db.execute(sql`
    insert into alerts (workspace_id, keyword, digest_frequency)
    select id, (array['stripe OR paddle', '"customer support" tool', 'pric*', 'node.js', 'c++ -java'])[1 + id % 5], 'email' from users`);
  await db.execute(sql`
    insert into mentions (alert_id, workspace_id, item_id, subreddit, title, body, permalink, author,
                          score, comment_count, reddit_created_at, matched_keyword)
    select a.id, a.workspace_id, 't3_' || a.id || '_' || g, 'SaaS',
           'Looking at Stripe vs Paddle pricing for our node.js app, post ' || g,
           repeat('We compared pricing and customer support tools for weeks. ', 6) || 'Stripe wins on docs.',
           '/r/SaaS/comments/' || a.id || g || '/post/', 'redditor' || g, g * 3, g,
           ${NOW.toISOString()}::timestamptz - (g || ' minutes')::interval, a.keyword
    from alerts a, generate_series(1, ${PER_USER}) g`);
}

/**
 * Peak RSS, and peak live heap: a forced collection every second before reading heapUsed, so
 * garbage that merely has not been collected yet does not count (needs --expose-gc).
 */
function sampleMemory() {
  let peakHeap = 0;
  let peakRss = 0;
  const take = () => {
    gc();
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  };
  take();
  const timer = setInterval(take, 1000);
  return () => {
    clearInterval(timer);
    take();
    return { peakHeapMb: peakHeap / 2 ** 20, peakRssMb: peakRss / 2 ** 20 };
  };
}

function sampleMentions(): DigestMention[] {
  return Array.from({ length: PER_USER }, (_, i) => ({
    id: i,
    keyword: KEYWORDS[i % KEYWORDS.length],
    source: 'reddit',
    subreddit: 'SaaS',
    community: 'SaaS',
    title: `Looking at Stripe vs Paddle pricing for our node.js app, post ${i}`,
    body: `${'We compared pricing and customer support tools for weeks. '.repeat(6)}Stripe wins on docs.`,
    permalink: `/r/SaaS/comments/${i}/post/`,
    author: `redditor${i}`,
    score: i * 3,
    commentCount: i,
    isComment: false,
    redditCreatedAt: new Date(NOW.getTime() - i * 60_000),
  }));
}

async function main() {
  const sink = await startSmtpSink({ capture: false });
  const mailer = createSmtpMailer({
    smtpUrl: sink.url,
    from: 'Earshot <bench@localhost>',
    log: quiet,
  });
  const mentions = sampleMentions();
  const content = {
    appUrl: 'http://localhost:3000',
    supportEmail: 'support@earshot.app',
    frequency: 'daily' as const,
    timezone: 'UTC',
    total: PER_USER,
    totalsByKeyword: new Map(KEYWORDS.map((k) => [k, PER_USER / KEYWORDS.length])),
    mentions,
    unsubscribeUrl: 'http://localhost:3000/unsubscribe?token=1.x',
  };

  // Rendering alone (no database, no SMTP).
  const renderStart = performance.now();
  let size = 0;
  for (let i = 0; i < USERS; i++) size = renderDigest(content).html.length;
  const rendered = USERS / ((performance.now() - renderStart) / 1000);

  // Baseline: the same-size message, pre-rendered, sent USERS times with the job's concurrency.
  const message = renderDigest(content);
  const baseStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < USERS) {
        const i = next++;
        const result = await mailer.send({
          to: `base${i}@example.com`,
          ...message,
          messageId: `<base${i}@bench>`,
        });
        if (result.status !== 'accepted')
          throw new Error(`baseline send failed: ${JSON.stringify(result)}`);
      }
    }),
  );
  const baseline = USERS / ((performance.now() - baseStart) / 1000);

  const runs: {
    users: number;
    perSecond: number;
    seconds: number;
    peakHeapMb: number;
    peakRssMb: number;
  }[] = [];
  // The first run (200 users) only warms the JIT and the SMTP pool; it is not reported.
  for (const users of [200, USERS, LARGE]) {
    const db = await database();
    await seed(db.db, users);
    gc();
    const before = sink.acceptedCount;
    const stop = sampleMemory();
    const start = performance.now();
    const stats = await runDigestJob({
      db: db.db,
      mailer,
      clock: { now: () => NOW },
      appUrl: 'http://localhost:3000',
      supportEmail: 'support@earshot.app',
      mailFrom: 'Earshot <bench@localhost>',
      timeBoxMs: 10 * 60_000,
    });
    const seconds = (performance.now() - start) / 1000;
    const memory = stop();
    const delivered = sink.acceptedCount - before;
    if (stats.sent !== users || delivered !== users) {
      throw new Error(`expected ${users} digests, job sent ${stats.sent}, sink got ${delivered}`);
    }
    runs.push({ users, perSecond: users / seconds, seconds, ...memory });
    await db.close();
  }
  await mailer.close();
  await sink.stop();

  const [, small, large] = runs;
  const fmt = (n: number, digits = 0) =>
    n.toLocaleString('en-US', { maximumFractionDigits: digits });
  console.log(
    `digest bench: ${PER_USER} due mentions per user, HTML ${fmt(size / 1024, 1)} KB per digest, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  console.log('');
  console.log(
    '| measure | users | digests/s | vs baseline | time (s) | peak live heap (MB) | peak RSS (MB) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  console.log(`| render only | ${fmt(USERS)} | ${fmt(rendered)} | | | | |`);
  console.log(`| baseline: raw SMTP sends | ${fmt(USERS)} | ${fmt(baseline)} | 1.00 | | | |`);
  for (const run of runs.slice(1)) {
    console.log(
      `| digest job (lease, build, record, send, mark) | ${fmt(run.users)} | ${fmt(run.perSecond)} | ${(run.perSecond / baseline).toFixed(2)} | ${run.seconds.toFixed(1)} | ${fmt(run.peakHeapMb, 1)} | ${fmt(run.peakRssMb, 1)} |`,
    );
  }
  const heapRatio = large.peakHeapMb / small.peakHeapMb;
  const targets: [string, boolean, string][] = [
    ['≥ 200 digests/s delivered', small.perSecond >= 200, `${fmt(small.perSecond)}/s`],
    [
      `peak live heap flat from ${fmt(small.users)} to ${fmt(large.users)} users (≤ 1.5×)`,
      heapRatio <= 1.5,
      `${heapRatio.toFixed(2)}×`,
    ],
  ];
  console.log('\ntargets:');
  for (const [name, ok, value] of targets)
    console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name}: ${value}`);
}

await main();
