import http from 'node:http';
import { beforeAll, describe, expect, test } from 'vitest';
import { build, type TestApp } from '../helpers/test-app';

// docs/decisions/009-account-guessing-limits.md: every password check is
// limited, and guessing someone's password from elsewhere does not lock them out of a browser
// they signed in from before (a known-device cookie).

let t: TestApp;

beforeAll(async () => {
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '10' });
});

/** One browser on one loopback address (127.0.0.2, .3, …), keeping its cookies. */
function browserAt(localAddress: string) {
  const cookies = new Map<string, string>();
  const port = Number(new URL(t.url).port);
  return {
    cookies,
    post(path: string, body: unknown) {
      const data = JSON.stringify(body);
      return new Promise<{ status: number; body: any }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path,
            method: 'POST',
            localAddress,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(data),
              ...(cookies.size
                ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
                : {}),
            },
          },
          (res) => {
            for (const line of res.headers['set-cookie'] ?? []) {
              const [pair] = line.split(';');
              const eq = pair.indexOf('=');
              if (pair.slice(eq + 1)) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
            }
            let text = '';
            res.on('data', (c) => (text += c));
            res.on('end', () =>
              resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined }),
            );
          },
        );
        req.on('error', reject);
        req.end(data);
      });
    },
  };
}

describe('guessing limits', () => {
  test('the reproduction: 30 wrong current passwords in a row are cut off after 10', async () => {
    const { client } = await t.signedIn();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await client.put('/api/user/password', {
        currentPassword: `wrong-${i}-guess`,
        newPassword: 'brand-new-1',
        confirmPassword: 'brand-new-1',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    // Email changes check the same password and count against the same limit.
    const change = await client.put('/api/user/profile', {
      username: 'someone',
      email: 'new@example.com',
      currentPassword: 'another-guess',
    });
    expect(change.status).toBe(429);
  });

  test('the reproduction: guesses from 127.0.0.2 do not lock the owner out of their known browser', async () => {
    const { email, password } = await t.signedIn();
    const owner = browserAt('127.0.0.3');
    const first = await owner.post('/api/login', { username: email, password });
    expect(first.status).toBe(200);
    expect(owner.cookies.get('earshot_device')).toMatch(/^\d+\.[\w-]{22}\.[\w-]{43}$/);

    t.clock.advance(61_000);
    const attacker = browserAt('127.0.0.2');
    const guesses: number[] = [];
    for (let i = 0; i < 11; i++) {
      guesses.push(
        (await attacker.post('/api/login', { username: email, password: `guess-${i}` })).status,
      );
    }
    expect(guesses).toEqual([...Array(10).fill(401), 429]);

    // The owner's known browser signs in; a new browser waits out the slowdown (one minute).
    expect((await owner.post('/api/login', { username: email, password })).status).toBe(200);
    const elsewhere = browserAt('127.0.0.4');
    const slowed = await elsewhere.post('/api/login', { username: email, password });
    expect(slowed.status).toBe(429);
    // The attacker's rotating addresses get the same per-account limit.
    const rotated = browserAt('127.0.0.5');
    expect(
      (await rotated.post('/api/login', { username: email, password: 'guess-x' })).status,
    ).toBe(429);
    t.clock.advance(60_000);
    expect((await elsewhere.post('/api/login', { username: email, password })).status).toBe(200);
  });

  test('a device cookie counts only for its own account, and a forged one is not trusted', async () => {
    const a = await t.signedIn();
    const b = await t.signedIn();
    t.clock.advance(61_000);
    const browser = browserAt('127.0.0.6');
    expect(
      (await browser.post('/api/login', { username: a.email, password: a.password })).status,
    ).toBe(200);
    const cookie = browser.cookies.get('earshot_device')!;
    // Spent on b's account from elsewhere: the known browser of a is a stranger to b.
    const attacker = browserAt('127.0.0.7');
    for (let i = 0; i < 10; i++)
      await attacker.post('/api/login', { username: b.email, password: `g${i}` });
    expect(
      (await browser.post('/api/login', { username: b.email, password: b.password })).status,
    ).toBe(429);
    const forged = browserAt('127.0.0.8');
    forged.cookies.set('earshot_device', cookie.replace(/^\d+/, String(b.user.id)));
    expect(
      (await forged.post('/api/login', { username: b.email, password: b.password })).status,
    ).toBe(429);
  });

  test('a known device is limited too: 10 wrong passwords a minute', async () => {
    const { email, password } = await t.signedIn();
    t.clock.advance(61_000);
    const browser = browserAt('127.0.0.9');
    expect((await browser.post('/api/login', { username: email, password })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push(
        (await browser.post('/api/login', { username: email, password: `w${i}` })).status,
      );
    }
    expect(statuses).toEqual([...Array(9).fill(401), 429]);
  });
});
