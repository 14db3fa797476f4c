import { afterAll } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Clock } from '../../src/server/clock';
import { loadConfig } from '../../src/server/config';
import type { Mailer } from '../../src/server/email/types';
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

/**
 * The real app on a loopback port over a fresh database, torn down after the file's tests.
 * Requests go through real HTTP, cookies and all.
 */
export async function build(
  env: Record<string, string> = {},
  options: { webRoot?: string; mailer?: Mailer } = {},
) {
  const database = await freshDatabase();
  const clock = new TestClock();
  const config = loadConfig({
    APP_URL: 'http://localhost:3000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    clock,
    webRoot: options.webRoot,
    mailer: options.mailer,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  let users = 0;
  return {
    url,
    app,
    database,
    db: database.db,
    clock,
    config,
    client: () => new HttpClient(url),
    /** A new client signed in as a freshly registered user. */
    async signedIn(email = `user${++users}-${Math.random().toString(36).slice(2, 8)}@example.com`) {
      const client = new HttpClient(url);
      const password = 'correct horse battery';
      const res = await client.post('/api/register', { username: email, email, password });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
      return { client, user: res.body, email, password };
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof build>>;
