import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, expect } from 'vitest';
import { createRedditClients } from '../../src/server/clients';
import { openDatabase } from '../../src/server/db/client';
import type { RedditTuning } from '../../src/server/ingestion';
import type { RecentItemWindow } from '../../src/server/preview';
import { mentions } from '../../src/server/db/schema';
import { buildWorker, type Worker, type WorkerDeps } from '../../src/server/worker';
import { startFakeReddit, type FakeReddit, type FakeRedditOptions } from '../fakes/reddit';
import { build, RealTimeClock } from './test-app';

export const TEST_USER_AGENT = 'earshot-test/1.0 (integration tests)';

/**
 * The app, a fake Reddit on loopback and workers polling it, over one fresh database; all torn
 * down after the file. Pacing, backoffs and leases are shortened so that faults resolve in
 * milliseconds rather than seconds; everything else is the production code path.
 */
export async function buildIngestion(
  options: {
    fake?: FakeRedditOptions;
    env?: Record<string, string>;
    /** The preview's window, for an app that both reads and previews (as `npm start` runs). */
    recentItems?: RecentItemWindow;
  } = {},
) {
  const fake = await startFakeReddit({
    rateLimit: { limit: 100_000, windowSeconds: 60 },
    ...options.fake,
  });
  const t = await build(
    {
      REDDIT_CLIENT_ID: 'fake-client-id',
      REDDIT_CLIENT_SECRET: 'fake-client-secret',
      REDDIT_API_BASE: fake.url,
      REDDIT_AUTH_BASE: fake.url,
      REDDIT_POLL_SECONDS: '1',
      REDDIT_LEASE_SECONDS: '5',
      REDDIT_USER_AGENT: TEST_USER_AGENT,
      ...options.env,
    },
    { clock: new RealTimeClock(), recentItems: options.recentItems },
  );
  const workers: Worker[] = [];
  const extraDatabases: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await Promise.all(extraDatabases.map((d) => d.close()));
    await fake.stop();
  });

  return {
    ...t,
    fake,
    /**
     * Starts a worker. `ownConnection` gives it its own pool on PostgreSQL, as a second
     * process would have (on PGlite every worker shares the one embedded database).
     */
    async startWorker(
      extra: Partial<WorkerDeps> & { ownConnection?: boolean; redditTuning?: RedditTuning } = {},
    ) {
      const { ownConnection, redditTuning, ...deps } = extra;
      let database = t.database;
      if (ownConnection && t.database.url) {
        database = await openDatabase({ databaseUrl: t.database.url, dataDir: '' });
        extraDatabases.push(database);
      }
      // A test may pass its own logger (to read what was logged): clients and worker share it.
      const log = deps.log ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
      // Each worker its own Reddit client, as each process would have.
      const clients = createRedditClients({
        config: t.config,
        database,
        clock: t.clock,
        log,
        redditTuning: redditTuning ?? {
          client: { backoffMs: 20, maxBackoffMs: 200, timeoutMs: 1500 },
          budget: { limit: 100_000, windowMs: 60_000 },
        },
      });
      const worker = buildWorker({
        config: t.config,
        database,
        clock: t.clock,
        log,
        secrets: t.secrets,
        ...clients,
        ...deps,
      });
      await worker.start();
      workers.push(worker);
      return worker;
    },
    mentionsOf(userId: number) {
      return t.db.select().from(mentions).where(eq(mentions.workspaceId, userId));
    },
    mentionsOfAlert(alertId: number, redditId?: string) {
      return t.db
        .select()
        .from(mentions)
        .where(
          redditId
            ? and(eq(mentions.alertId, alertId), eq(mentions.itemId, redditId))
            : eq(mentions.alertId, alertId),
        );
    },
  };
}

export type Ingestion = Awaited<ReturnType<typeof buildIngestion>>;

export const within = { timeout: 15_000, interval: 100 };

/** Waits until the fake has served at least `count` listing reads of `path` since `from`. */
export async function waitForReads(fake: FakeReddit, path: RegExp, count = 1, from = 0) {
  await expect
    .poll(
      () =>
        fake.requests.filter((r) => r.at >= from && path.test(r.path) && r.status === 200).length,
      within,
    )
    .toBeGreaterThanOrEqual(count);
}
