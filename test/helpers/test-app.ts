import { OFFLINE_SOURCES_ENV } from './offline-sources';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createLiveEventBus } from '../../src/server/live';
import type { RecentItemWindow } from '../../src/server/preview';
import pino from 'pino';
import type { PaymentProvider } from '../../src/server/billing';
import { createOutsideClients } from '../../src/server/clients';
import type { Clock } from '../../src/server/clock';
import { loadConfig, type Config } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { users as usersTable } from '../../src/server/db/schema';
import { eq } from 'drizzle-orm';
import type { Mailer } from '../../src/server/email';
import { freshDatabase } from './database';
import { HttpClient } from './http-client';

/** A clock tests move by hand. */
export class TestClock implements Clock {
  constructor(private current = new Date('2026-11-21T12:00:00Z')) {}
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** Real time, for tests that run the worker against the fake Reddit (its pacing sleeps). */
export class RealTimeClock extends TestClock {
  now = () => new Date();
}

/**
 * The real app on a loopback port over a fresh database, torn down after the file's tests.
 * Requests go through real HTTP, cookies and all.
 */
const FILE_APP_SECRET = randomBytes(32).toString('base64url');

export async function build(
  env: Record<string, string> = {},
  options: {
    webRoot?: string;
    clock?: TestClock;
    /** A payment provider of the test's own; by default the one config selects. */
    payments?: (deps: { config: Config; database: Database; clock: TestClock }) => PaymentProvider;
    mailer?: Mailer;
    /** Where the app logs (silent by default). */
    logger?: FastifyBaseLogger;
    /** The volume preview's window, as main.ts shares it with the worker (ROLE=all). */
    recentItems?: RecentItemWindow;
    /** How often live event streams beat and check their session. */
    liveHeartbeatMs?: number;
    /**
     * Another app's database, as a second web process behind a balancer would share it; that
     * app closes it.
     */
    database?: Database;
  } = {},
) {
  const database = options.database ?? (await freshDatabase());
  const clock = options.clock ?? new TestClock();
  const config = loadConfig({
    ...OFFLINE_SOURCES_ENV,
    APP_URL: 'http://localhost:3000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    // A random key of secrets at rest, as each install has its own (the apps of one file, which
    // may share a database, share it).
    APP_SECRET: FILE_APP_SECRET,
    // Tests share a loaded machine: no request is shed unless a test asks for it.
    SHED_EVENT_LOOP_DELAY_MS: '0',
    SHED_DB_WAIT_MS: '0',
    ...env,
  });
  // The clients main.ts would build from this configuration, but for those the test brings.
  const clients = createOutsideClients({ config, database, clock, log: pino({ level: 'silent' }) });
  const live = createLiveEventBus(database, clock, (error) => {
    throw error;
  });
  await live.start();
  const app = await buildApp({
    live,
    config,
    database,
    clock,
    ...clients,
    payments: options.payments?.({ config, database, clock }) ?? clients.payments,
    mailer: options.mailer ?? clients.mailer,
    webRoot: options.webRoot,
    logger: options.logger,
    recentItems: options.recentItems,
    liveHeartbeatMs: options.liveHeartbeatMs,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  afterAll(async () => {
    await app.close();
    await live.close();
    if (!options.database) await database.close();
  });
  let users = 0;
  return {
    url,
    app,
    database,
    db: database.db,
    clock,
    config,
    /** The app's key of secrets at rest, for workers and for reading sealed rows. */
    secrets: clients.secrets,
    client: () => new HttpClient(url),
    /**
     * A new client signed in as a freshly registered user, its email marked verified (as if
     * the link had been opened) unless `verified: false`: mail goes only to verified addresses.
     */
    async signedIn(
      email = `user${++users}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      options: { verified?: boolean } = {},
    ) {
      const client = new HttpClient(url);
      const password = 'correct horse battery';
      const res = await client.post('/api/register', { username: email, email, password });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
      if (options.verified !== false) {
        await database.db
          .update(usersTable)
          .set({ emailVerifiedAt: clock.now() })
          .where(eq(usersTable.id, res.body.id));
        res.body.emailVerified = true;
      }
      return { client, user: res.body, email, password };
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof build>>;
