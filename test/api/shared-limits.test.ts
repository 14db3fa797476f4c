import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { build, type TestApp } from '../helpers/test-app';

// Two web processes behind one balancer share one database: the guessing limits count in it,
// so 20 wrong passwords split across the two lock at the same threshold as on one.

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  // Mail goes to an outbox of the test's own.
  const env = {
    AUTH_RATE_LIMIT_PER_MINUTE: '10',
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'earshot-limits-')),
  };
  first = await build(env);
  second = await build(env, { database: first.database });
});

/** A login from its own loopback address (127.0.0.N), so no per-IP limit is reached. */
function loginFrom(app: TestApp, localAddress: string, body: unknown) {
  const data = JSON.stringify(body);
  const { port } = new URL(app.url);
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: Number(port),
        path: '/api/login',
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

describe('limits across web processes', () => {
  test('20 wrong passwords alternating between two apps lock the account after 10', async () => {
    const { email } = await first.signedIn();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const app = i % 2 === 0 ? first : second;
      statuses.push(
        await loginFrom(app, `127.0.0.${i + 2}`, { username: email, password: `wrong-${i}` }),
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
  });

  test('a test email sent through one app counts on the other', async () => {
    const { client } = await first.signedIn();
    const cookie = client.cookie('earshot_session');
    expect(cookie).toBeTruthy();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? first : second;
      const res = await fetch(`${app.url}/api/test-email`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `earshot_session=${cookie}`,
        },
        body: '{}',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
