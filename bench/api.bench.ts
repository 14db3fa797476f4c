/**
 * npm run bench:api — the mentions API under load: requests per second and p50/p99 latency of
 * GET /api/mentions (first page, a deep cursor, a subreddit filter, the Replied filter),
 * GET /api/stats and GET /api/mentions/activity, each next to GET /api/user of the same server in
 * the same run (the baseline: a session lookup and nothing else).
 *
 * Seeds one user with 50,000 mentions over 20 alerts and 50 other users with 5,000 each, spread
 * over the past year (so the 30-day activity window holds about 4,100 of the user's mentions).
 * Then the same endpoints for a member of a team workspace (200 workspaces of 5 members; the
 * member's holds the same 50,000 mentions over 20 alerts), each next to the user's own figure:
 * the team run must stay within 1.1× of the personal one (issue 30).
 * Then GET /api/analytics (DESIGN §9) for a workspace of 1,000,000 mentions over the past year,
 * 7, 30 and 90 days: p95 one request at a time (target ≤ 150 ms) and req/s under load, each next
 * to GET /api/user (bench/analytics-seed.ts).
 * Then the public API (DESIGN §7): the same mention pages with an API key, next to the session
 * ones (target ≤ 1.1×), and the per-key rate limit across two web processes sharing the
 * database: exactly the configured requests a minute answered, every later one 429.
 * Runs on in-memory PGlite, or on PostgreSQL in a scratch database of DATABASE_URL's server.
 * The load comes from a worker thread (its own event loop) over keep-alive connections.
 * Options: --connections=50 --seconds=5 --warmup=2 --rounds=3 --only=<part of an endpoint's name>
 */
import { Worker } from 'node:worker_threads';
import { sql, type SQLWrapper } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../src/server/app';
import { createOutsideClients } from '../src/server/clients';
import { systemClock } from '../src/server/clock';
import { loadConfig, type Config } from '../src/server/config';
import { createLiveEventBus } from '../src/server/live';
import { openDatabase, type Database } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { encodeCursor } from '../src/server/mentions/cursor';
import * as mentionsRepo from '../src/server/mentions/repo';
import { lastLocalDays } from '../src/server/mentions/local-days';
import { seedAnalyticsWorkspace } from './analytics-seed';
import { OFFLINE_SOURCES_ENV } from '../test/helpers/offline-sources';
import { createScratchDatabase } from '../test/helpers/database';

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};

type LoadJob = {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
};
type Figures = { rps: number; p50: number; p95: number; p99: number; errors: number };
type LoadResult = { requests: number; errors: number; seconds: number; latencies: number[] };

const CONNECTIONS = arg('connections', 50);
const SECONDS = arg('seconds', 5);
/** Personal and team runs alternate this many times per endpoint. */
const ROUNDS = arg('rounds', 3);
const WARMUP = arg('warmup', 2);
const USER_MENTIONS = 50_000;
const OTHER_USERS = 50;
const OTHER_MENTIONS = 5_000;
const ALERTS = 20;
const TEAMS = 200;
const TEAM_SIZE = 5;
const OTHER_TEAM_MENTIONS = 500;
const NOW = Date.now();
const ANALYTICS_MENTIONS = 1_000_000;

const BENCH_ENV = {
  // Reddit (the fake) alone: a benchmark never reaches the real sites.
  ...OFFLINE_SOURCES_ENV,
  APP_URL: 'http://localhost:3000',
  REDDIT_ENABLED: 'false',
  SHED_EVENT_LOOP_DELAY_MS: '0',
  SHED_DB_WAIT_MS: '0',
};
/** The per-key limit the rate check runs with: the default of API_RATE_LIMIT_PER_MINUTE. */
const KEY_LIMIT = 120;

async function openBenchDatabase(): Promise<Database> {
  const server = process.env.DATABASE_URL;
  if (!server) {
    const db = await openDatabase({ memory: true });
    await runMigrations(db);
    return db;
  }
  const scratch = await createScratchDatabase(server, 'earshot_bench_api');
  const db = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  await runMigrations(db);
  return { ...db, close: async () => (await db.close(), await scratch.drop()) };
}

/** `count` mentions per user of `users`, over their alerts, spread over the past 365 days. */
async function seedMentions(db: Database['db'], userFilter: SQLWrapper, count: number) {
  await db.execute(sql`
    insert into mentions (alert_id, workspace_id, item_id, subreddit, title, body, permalink, author,
                          score, comment_count, is_comment, reddit_created_at, created_at,
                          matched_keyword, has_replied, is_read)
    select a.id, a.workspace_id, 't3_' || a.id || '_' || g,
           'sub' || (g * 7 + a.id) % 40,
           'Looking at ' || a.keyword || ' vs the rest, post ' || g,
           repeat('We compared pricing and customer support tools for weeks. ', 4) || a.keyword,
           '/r/sub/comments/' || a.id || g || '/post/', 'redditor' || g, g % 500, g % 40, g % 3 = 0,
           to_timestamp(${NOW / 1000}) - (g * a.n + a.k) * (interval '365 days' / ${count}),
           to_timestamp(${NOW / 1000}) - (g * a.n + a.k) * (interval '365 days' / ${count}) + interval '2 minutes',
           a.keyword, (g + a.id) % 50 = 0, g % 3 = 0
    from (select id, workspace_id, keyword,
                 count(*) over (partition by workspace_id) as n,
                 row_number() over (partition by workspace_id order by id) - 1 as k
          from alerts where ${userFilter}) a,
         generate_series(1, ${count} / a.n) g`);
}

/** The measured workspace's 20 keywords (the user's, and the same for the team's). */
function seedMeasuredKeywords(db: Database['db'], workspaceId: number) {
  return db.execute(sql`
    insert into alerts (workspace_id, keyword)
    select ${workspaceId}, (array['stripe', 'paddle', '"customer support"', 'node.js', 'pric*'])[1 + g % 5] || ' ' || g
    from generate_series(1, ${ALERTS}) g`);
}

async function seed(database: Database, userId: number) {
  const { db } = database;
  await db.execute(sql`
    insert into users (username, email, password)
    select 'other' || g || '@example.com', 'other' || g || '@example.com', 'x'
    from generate_series(1, ${OTHER_USERS}) g`);
  await seedMeasuredKeywords(db, userId);
  await db.execute(sql`
    insert into alerts (workspace_id, keyword)
    select u.id, 'zendesk ' || g from users u, generate_series(1, 5) g where u.id <> ${userId}`);
  await seedMentions(db, sql`workspace_id = ${userId}`, USER_MENTIONS);
  await seedMentions(db, sql`workspace_id <> ${userId}`, OTHER_MENTIONS);
  await db.execute(sql`vacuum analyze`);
}

/**
 * 200 team workspaces of 5 members (their makers' personal workspaces, with 4 more members
 * each); the first one's alerts and mentions are shaped like the user's. Returns its id.
 */
async function seedTeams(database: Database) {
  const { db } = database;
  const made = (await db.execute(sql`
    insert into users (username, email, password, plan_type)
    select 'team' || g || '@example.com', 'team' || g || '@example.com', 'x',
           case when g % ${TEAM_SIZE} = 1 then 'pro' else 'free' end
    from generate_series(1, ${TEAMS * TEAM_SIZE}) g returning id`)) as unknown as {
    rows: { id: number }[];
  };
  const ids = made.rows.map((row) => row.id).sort((a, b) => a - b);
  const owners = ids.filter((_, i) => i % TEAM_SIZE === 0);
  // Each owner's workspace takes the next four accounts as member, admin, member, viewer.
  await db.execute(sql`
    insert into workspace_members (workspace_id, user_id, role)
    select o.id, o.id + k, (array['member', 'admin', 'member', 'viewer'])[k]
    from unnest(${`{${owners.join(',')}}`}::int[]) as o(id), generate_series(1, ${TEAM_SIZE - 1}) k`);
  const team = owners[0];
  await seedMeasuredKeywords(db, team);
  await db.execute(sql`
    insert into alerts (workspace_id, keyword)
    select o, 'helpdesk ' || g from unnest(${`{${owners.slice(1).join(',')}}`}::int[]) as o,
      generate_series(1, 5) g`);
  await seedMentions(db, sql`workspace_id = ${team}`, USER_MENTIONS);
  await seedMentions(
    db,
    sql`workspace_id = any(${`{${owners.slice(1).join(',')}}`}::int[])`,
    OTHER_TEAM_MENTIONS,
  );
  await db.execute(sql`vacuum analyze`);
  return { team, member: team + 1 };
}

async function explain(database: Database, query: SQLWrapper) {
  const result = (await database.db.execute(
    sql`explain (analyze, costs off, summary on) ${query}`,
  )) as unknown as { rows: { 'QUERY PLAN': string }[] };
  return result.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n');
}

async function main() {
  const database = await openBenchDatabase();
  // What the queries cost at full load: no request is shed (bench:load measures shedding).
  const config = loadConfig({ ...BENCH_ENV, API_RATE_LIMIT_PER_MINUTE: '100000' });
  const log = pino({ level: 'silent' });
  const clients = createOutsideClients({ config, database, clock: systemClock, log });
  // The bench reads; no tab listens for live events, so the bus is not started.
  const live = createLiveEventBus(database, systemClock, () => {});
  const app = await buildApp({ config, database, clock: systemClock, live, ...clients });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const email = 'bench@example.com';
  const registered = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, email, password: 'bench-password' }),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const { id: userId } = (await registered.json()) as { id: number };
  const cookie = registered.headers.getSetCookie()[0].split(';')[0];
  // Pro, so that the plan's monthly quota plays no part.
  await database.db.execute(sql`update users set plan_type = 'pro' where id = ${userId}`);

  const seedStart = performance.now();
  await seed(database, userId);
  const seconds = ((performance.now() - seedStart) / 1000).toFixed(1);
  console.log(
    `${database.kind}: seeded ${USER_MENTIONS.toLocaleString()} mentions for the user and ` +
      `${(OTHER_USERS * OTHER_MENTIONS).toLocaleString()} for ${OTHER_USERS} others in ${seconds} s`,
  );

  const teamStart = performance.now();
  const { team, member } = await seedTeams(database);
  console.log(
    `${TEAMS} team workspaces of ${TEAM_SIZE} members seeded in ${((performance.now() - teamStart) / 1000).toFixed(1)} s`,
  );
  // The member signs in (a known password) and switches to the team's workspace.
  await database.db.execute(
    sql`update users set password = (select password from users where id = ${userId}) where id = ${member}`,
  );
  const signedIn = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `team${member - team + 1}@example.com`,
      password: 'bench-password',
    }),
  });
  if (signedIn.status !== 200) throw new Error(`member login: ${signedIn.status}`);
  const memberCookie = signedIn.headers.getSetCookie()[0].split(';')[0];
  const switched = await fetch(`${base}/api/user/workspace`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: memberCookie },
    body: JSON.stringify({ workspaceId: team }),
  });
  if (switched.status !== 200) throw new Error(`switch: ${switched.status}`);

  // The position 45,000 items down: what a user who scrolled 900 pages would ask for next.
  const [deep] = await mentionsRepo.feedPage(database.db, userId, {}, undefined, 1).offset(45_000);
  const cursor = encodeURIComponent(encodeCursor({ at: deep.redditCreatedAt, id: deep.id }));
  const [teamDeep] = await mentionsRepo
    .feedPage(database.db, team, {}, undefined, 1)
    .offset(45_000);
  const teamCursor = encodeURIComponent(
    encodeCursor({ at: teamDeep.redditCreatedAt, id: teamDeep.id }),
  );
  const endpoints: [string, string][] = [
    ['GET /api/user', '/api/user'],
    ['GET /api/mentions?limit=50', '/api/mentions?limit=50'],
    ['… deep cursor (item 45,000)', `/api/mentions?limit=50&cursor=${cursor}`],
    ['… subreddit=sub7', '/api/mentions?limit=50&subreddit=sub7'],
    ['… replied=true', '/api/mentions?limit=50&replied=true'],
    ['GET /api/stats', '/api/stats'],
    ['GET /api/mentions/activity', '/api/mentions/activity?days=30'],
  ];

  const worker = new Worker(new URL('./http-load.mjs', import.meta.url));
  const run = (job: LoadJob) =>
    new Promise<LoadResult>((resolve) => {
      worker.once('message', resolve);
      worker.postMessage(job);
    });
  const measure = async (
    path: string,
    headers: Record<string, string> = { cookie },
    connections = CONNECTIONS,
  ): Promise<Figures> => {
    const job = { url: base + path, headers, connections };
    await run({ ...job, seconds: WARMUP });
    const result = await run({ ...job, seconds: SECONDS });
    const sorted = result.latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
    const rps = result.requests / result.seconds;
    return { rps, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors: result.errors };
  };
  // The machine is shared: the baseline is measured right before each endpoint, and each ratio
  // is taken to that neighbour, so a load change elsewhere moves both sides of a ratio alike.
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const [baselinePath, ...all] = endpoints;
  const measured = only ? all.filter(([name]) => name.includes(only)) : all;
  const rows: { name: string; own: Figures; base: Figures }[] = [];
  const teamRows: { name: string; team: Figures; ratio: number }[] = [];
  const byRps = (figures: Figures[]) => [...figures].sort((a, b) => a.rps - b.rps);
  for (const [name, path] of measured) {
    const base = await measure(baselinePath[1]);
    // The same page of the team's workspace, by a member, alternating with the user's own a few
    // times: the ratio of each pair, then their median, so that a load change between two runs
    // moves one pair, not the figure.
    const teamPath = path.replace(cursor, teamCursor);
    const pairs: { own: Figures; team: Figures }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      pairs.push({
        own: await measure(path),
        team: await measure(teamPath, { cookie: memberCookie }),
      });
    }
    const own = byRps(pairs.map((p) => p.own))[Math.floor(ROUNDS / 2)];
    rows.push({ name, base, own });
    const ratios = pairs.map((p) => p.own.rps / p.team.rps).sort((a, b) => a - b);
    teamRows.push({
      name,
      team: byRps(pairs.map((p) => p.team))[Math.floor(ROUNDS / 2)],
      ratio: ratios[Math.floor(ROUNDS / 2)],
    });
  }

  // The public API: the same pages with a key, alternating with the session's.
  const made = await fetch(`${base}/api/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'bench', scope: 'read' }),
  });
  if (made.status !== 201) throw new Error(`api key: ${made.status}`);
  const bearer = { authorization: `Bearer ${((await made.json()) as { key: string }).key}` };
  const keyRows: { name: string; key: Figures; ratio: number }[] = [];
  const keyed: [string, string][] = [
    ['GET /api/v1/mentions?limit=50', '/api/mentions?limit=50'],
    ['… deep cursor (item 45,000)', `/api/mentions?limit=50&cursor=${cursor}`],
    ['GET /api/v1/stats', '/api/stats'],
  ];
  for (const [name, path] of keyed.filter(([n]) => !only || n.includes(only))) {
    const pairs: { session: Figures; key: Figures }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      pairs.push({
        session: await measure(path),
        key: await measure(path.replace('/api/', '/api/v1/'), bearer),
      });
    }
    const ratios = pairs.map((p) => p.session.rps / p.key.rps).sort((a, b) => a - b);
    keyRows.push({
      name,
      key: byRps(pairs.map((p) => p.key))[Math.floor(ROUNDS / 2)],
      ratio: ratios[Math.floor(ROUNDS / 2)],
    });
  }
  const analyticsRows =
    !only || 'analytics'.includes(only) ? await measureAnalytics(database, base, measure) : [];
  await worker.terminate();

  if (rows.length > 0) printTable(database.kind, rows, only);
  if (analyticsRows.length > 0) printAnalyticsTable(analyticsRows);
  if (teamRows.length > 0) printTeamTable(teamRows);
  if (keyRows.length > 0) printKeyTable(keyRows);
  await measureRateLimit(database, config, cookie);

  // The plans behind the figures, on this data.
  const { bounds } = lastLocalDays(new Date(), 'UTC', 30);
  const plans: [string, SQLWrapper][] = [
    ['first page', mentionsRepo.feedPage(database.db, userId, {}, undefined, 51)],
    [
      'deep cursor',
      mentionsRepo.feedPage(database.db, userId, {}, { at: deep.redditCreatedAt, id: deep.id }, 51),
    ],
    [
      'subreddit filter',
      mentionsRepo.feedPage(database.db, userId, { subreddit: 'sub7' }, undefined, 51),
    ],
    [
      'replied filter',
      mentionsRepo.feedPage(database.db, userId, { replied: true }, undefined, 51),
    ],
    ['activity (30 days)', mentionsRepo.countByBucket(database.db, userId, bounds)],
  ];
  console.log('\nEXPLAIN ANALYZE');
  for (const [name, query] of plans) console.log(`  ${name}:\n${await explain(database, query)}`);

  await app.close();
  await database.close();
}

function printTable(
  kind: string,
  rows: { name: string; own: Figures; base: Figures }[],
  only?: string,
) {
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const line = (name: string, f: Figures, ratios: string) =>
    `| ${name} | ${Math.round(f.rps).toLocaleString()} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${ratios} |` +
    (f.errors ? ` ${f.errors} errors` : '');
  console.log(
    `\n${kind}, ${CONNECTIONS} connections, ${SECONDS} s per run; ratios to GET /api/user measured just before\n`,
  );
  console.log('| endpoint | req/s | p50 ms | p99 ms | req/s ÷ baseline | p99 ÷ baseline |');
  console.log('|---|---:|---:|---:|---:|---:|');
  const bases = rows.map((r) => r.base);
  const baseMedian = {
    rps: median(bases.map((b) => b.rps)),
    p50: median(bases.map((b) => b.p50)),
    p95: median(bases.map((b) => b.p95)),
    p99: median(bases.map((b) => b.p99)),
    errors: bases.reduce((n, b) => n + b.errors, 0),
  };
  console.log(
    line(`GET /api/user (baseline), median of ${bases.length} runs`, baseMedian, '1.00 | 1.00'),
  );
  for (const { name, own, base } of rows) {
    console.log(
      line(name, own, `${(own.rps / base.rps).toFixed(2)} | ${(own.p99 / base.p99).toFixed(2)}`),
    );
  }
  const [first, deepRow] = rows.map((r) => r.own);
  if (first && deepRow && !only) {
    console.log(
      `\ndeep page ÷ first page: p99 ${(deepRow.p99 / first.p99).toFixed(2)}×, ` +
        `time per request ${(first.rps / deepRow.rps).toFixed(2)}× (target ≤ 2×)`,
    );
  }
  const slowest = Math.max(...rows.map((r) => r.own.p99));
  console.log(`slowest p99: ${slowest.toFixed(1)} ms (target on PostgreSQL: < 50 ms)`);
}

/** The key-authenticated pages next to the session's of the same run (target ≤ 1.1×). */
function printKeyTable(rows: { name: string; key: Figures; ratio: number }[]) {
  console.log(
    `\nThe public API with an API key, next to the web app's session (same pages; median of ${ROUNDS} alternating pairs)\n`,
  );
  console.log(
    '| endpoint | key req/s | key p50 ms | key p99 ms | time per request, key ÷ session |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const { name, key, ratio } of rows) {
    console.log(
      `| ${name} | ${Math.round(key.rps).toLocaleString()} | ${key.p50.toFixed(1)} | ${key.p99.toFixed(1)} | ${ratio.toFixed(2)} |` +
        (key.errors ? ` ${key.errors} errors` : ''),
    );
  }
  const worst = Math.max(...rows.map((r) => r.ratio));
  console.log(`worst time per request, key ÷ session: ${worst.toFixed(2)}× (target ≤ 1.1×)`);
}

/**
 * Two web processes' apps on the one database, at the default limit: 3 × the limit's requests
 * with one fresh key, one at a time, alternating between them. Exactly the limit must be answered
 * (the counter is in the database, not in either process), every later one 429 with
 * Retry-After, and none of the 429s before the limit was reached.
 */
async function measureRateLimit(database: Database, config: Config, cookie: string) {
  const limited = loadConfig({ ...BENCH_ENV, API_RATE_LIMIT_PER_MINUTE: String(KEY_LIMIT) });
  const log = pino({ level: 'silent' });
  const apps = await Promise.all(
    [0, 1].map(async () => {
      const clients = createOutsideClients({ config: limited, database, clock: systemClock, log });
      const live = createLiveEventBus(database, systemClock, () => {});
      const app = await buildApp({
        config: limited,
        database,
        clock: systemClock,
        live,
        ...clients,
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      return {
        app,
        url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      };
    }),
  );
  const made = await fetch(`${apps[0].url}/api/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: config.appUrl },
    body: JSON.stringify({ name: 'rate', scope: 'read' }),
  });
  const { key } = (await made.json()) as { key: string };
  const statuses: { status: number; retryAfter: string | null }[] = [];
  const started = performance.now();
  const total = KEY_LIMIT * 3;
  // One at a time, alternating processes: the answers' order is the order the count saw.
  for (let i = 0; i < total; i += 1) {
    const res = await fetch(`${apps[i % 2].url}/api/v1/stats`, {
      headers: { authorization: `Bearer ${key}` },
    });
    await res.arrayBuffer();
    statuses.push({ status: res.status, retryAfter: res.headers.get('retry-after') });
  }
  const seconds = (performance.now() - started) / 1000;
  const ok = statuses.filter((s) => s.status === 200).length;
  const limitedCount = statuses.filter((s) => s.status === 429).length;
  const firstRefused = statuses.findIndex((s) => s.status === 429);
  const okAfterRefusal = statuses.slice(firstRefused).filter((s) => s.status === 200).length;
  const withRetryAfter = statuses.filter((s) => s.status === 429 && Number(s.retryAfter) > 0);
  console.log(
    `\nRate limit, ${KEY_LIMIT} a minute per key, ${total} requests over 2 web processes in ${seconds.toFixed(1)} s: ` +
      `${ok} answered, ${limitedCount} refused with 429 (${withRetryAfter.length} with Retry-After), ` +
      `first 429 after ${firstRefused} answers, ${okAfterRefusal} answered after it ` +
      `(target: exactly ${KEY_LIMIT} answered, the rest 429, none before the limit)`,
  );
  await Promise.all(apps.map(({ app }) => app.close()));
}

type AnalyticsRow = {
  name: string;
  single: Figures;
  singleBase: Figures;
  loaded: Figures;
  loadedBase: Figures;
};

/**
 * GET /api/analytics for a workspace of ANALYTICS_MENTIONS mentions (DESIGN §9), 7, 30 and 90
 * days: its latency one request at a time (p95 target ≤ 150 ms) and its throughput under load,
 * each next to GET /api/user measured just before in the same way.
 */
async function measureAnalytics(
  database: Database,
  base: string,
  measure: (
    path: string,
    headers: Record<string, string>,
    connections?: number,
  ) => Promise<Figures>,
) {
  const email = 'analytics@example.com';
  const registered = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, email, password: 'bench-password' }),
  });
  const { id } = (await registered.json()) as { id: number };
  const headers = { cookie: registered.headers.getSetCookie()[0].split(';')[0] };
  const started = performance.now();
  await seedAnalyticsWorkspace(database, id, ANALYTICS_MENTIONS, NOW);
  console.log(
    `\n${database.kind}: seeded ${ANALYTICS_MENTIONS.toLocaleString()} mentions for one workspace (its hourly counts kept by the triggers) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const rows: AnalyticsRow[] = [];
  for (const days of [7, 30, 90]) {
    const path = `/api/analytics?days=${days}`;
    // The first call of a period counts its top lists for the stored ones (decision 034). Tried
    // twice: the connection kept alive from before the seeding may have been closed since.
    const firstAt = performance.now();
    const first = await fetch(base + path, { headers: { ...headers, connection: 'close' } }).catch(
      () => fetch(base + path, { headers: { ...headers, connection: 'close' } }),
    );
    await first.arrayBuffer();
    console.log(
      `  days=${days}: first call (its top lists counted and stored) ${first.status} in ${(performance.now() - firstAt).toFixed(0)} ms`,
    );
    const singleBase = await measure('/api/user', headers, 1);
    const single = await measure(path, headers, 1);
    const loadedBase = await measure('/api/user', headers);
    const loaded = await measure(path, headers);
    rows.push({ name: `days=${days}`, single, singleBase, loaded, loadedBase });
  }
  return rows;
}

function printAnalyticsTable(rows: AnalyticsRow[]) {
  console.log(
    `\nGET /api/analytics over ${ANALYTICS_MENTIONS.toLocaleString()} mentions of one workspace; ratios to GET /api/user measured just before\n`,
  );
  console.log(
    '| period | one at a time: p50 ms | p95 ms | p95 ÷ /api/user | under load: req/s | req/s ÷ /api/user |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const { name, single, singleBase, loaded, loadedBase } of rows) {
    console.log(
      `| ${name} | ${single.p50.toFixed(1)} | ${single.p95.toFixed(1)} | ${(single.p95 / singleBase.p95).toFixed(2)} | ${Math.round(loaded.rps).toLocaleString()} | ${(loaded.rps / loadedBase.rps).toFixed(2)} |` +
        (single.errors + loaded.errors ? ` ${single.errors + loaded.errors} errors` : ''),
    );
  }
  const worst = Math.max(...rows.map((r) => r.single.p95));
  console.log(`slowest p95 one at a time: ${worst.toFixed(1)} ms (target ≤ 150 ms)`);
}

/** The team workspace's figures next to the personal ones of the same run (target ≤ 1.1×). */
function printTeamTable(rows: { name: string; team: Figures; ratio: number }[]) {
  console.log(
    `\nA member in one of ${TEAMS} team workspaces of ${TEAM_SIZE}, next to the user's personal workspace (same data; median of ${ROUNDS} alternating pairs)\n`,
  );
  console.log('| endpoint | team req/s | team p50 ms | time per request, team ÷ personal |');
  console.log('|---|---:|---:|---:|');
  for (const { name, team, ratio } of rows) {
    console.log(
      `| ${name} | ${Math.round(team.rps).toLocaleString()} | ${team.p50.toFixed(1)} | ${ratio.toFixed(2)} |` +
        (team.errors ? ` ${team.errors} errors` : ''),
    );
  }
  const worst = Math.max(...rows.map((r) => r.ratio));
  console.log(`worst time per request, team ÷ personal: ${worst.toFixed(2)}× (target ≤ 1.1×)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
