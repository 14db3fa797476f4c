import { performance } from 'node:perf_hooks';
import { describe, expect, test } from 'vitest';
import { build } from '../helpers/test-app';

// Inputs that once answered 500 or stalled the process.
const t = await build();

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('deeply nested JSON', () => {
  test.each([
    ['an array', nested(4000)],
    ['an object', nestedObject(4000)],
    ['an array far past the limit (80 KB)', nested(40_000)],
  ])('%s nested thousands deep is a 400 on every route, login too', async (_name, body) => {
    for (const path of ['/api/login', '/api/register']) {
      const res = await t
        .client()
        .request('POST', path, body, { 'content-type': 'application/json' });
      expect(res.status, path).toBe(400);
      expect(res.body.message).toMatch(/nested too deeply/);
    }
  });

  test('a signed-in write nested deep inside a field is a 400 too', async () => {
    const { client } = await t.signedIn();
    const res = await client.request(
      'POST',
      '/api/alerts',
      `{"keyword":"x","subreddits":${nested(3000)}}`,
      { 'content-type': 'application/json' },
    );
    expect(res.status).toBe(400);
  });
});

describe('values PostgreSQL cannot hold', () => {
  test('a feed cursor in the year 0000 is a 400', async () => {
    const { client } = await t.signedIn();
    const res = await client.get(
      '/api/mentions?cursor=v1.eyJ0IjoiMDAwMC0wMS0wMVQwMDowMDowMFoiLCJpIjoxfQ',
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/cursor/i);
  });

  test('a checkout for a plan id past int4 is a 400', async () => {
    const { client } = await t.signedIn();
    const res = await client.post('/api/subscriptions/checkout', { planId: 2147483648 });
    expect(res.status).toBe(400);
    expect(res.body.details).toHaveProperty('planId');
  });

  test('an unsubscribe token naming a user id past int4 shows "link not valid"', async () => {
    const token = `4294967296.${'A'.repeat(43)}`;
    const page = await t.client().get(`/unsubscribe?token=${token}`);
    expect(page.status).toBe(400);
    expect(page.text).toMatch(/not valid/i);
    const oneClick = await t.client().request('POST', `/unsubscribe?token=${token}`);
    expect(oneClick.status).toBe(400);
  });
});

describe('the Stripe webhook', () => {
  test('its 413 names its own limit, 1 MB; other routes keep 100 KB', async () => {
    const big = await t
      .client()
      .request('POST', '/api/subscriptions/webhook', 'x'.repeat(1_100_000), {
        'content-type': 'application/json',
      });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Request body is larger than 1 MB');
    const login = await t
      .client()
      .post('/api/login', { username: 'a@b.co', password: 'x'.repeat(200_000) });
    expect(login.status).toBe(413);
    expect(login.body.message).toBe('Request body is larger than 100 KB');
  });

  test('six 1 MB bodies at once do not stall the process', async () => {
    const body = JSON.stringify({ data: 'x'.repeat(1_000_000) });
    const started = performance.now();
    const posts = Array.from({ length: 6 }, () =>
      t.client().request('POST', '/api/subscriptions/webhook', body, {
        'content-type': 'application/json',
        'stripe-signature': 't=1,v1=00',
      }),
    );
    const health = t.client().get('/healthz');
    const answers = await Promise.all(posts);
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
    expect((await health).status).toBe(200);
    // Walking the bytes took 0.7–2 s a request (11 s for six); a linear-or-less check is
    // well under this even on a loaded machine.
    expect(performance.now() - started).toBeLessThan(4000);
  });
});

describe('channel secrets and targets', () => {
  test.each([
    ['ntfy', 'tok€'],
    ['ntfy', 'tok\u0000en'],
    ['ntfy', 'tok\r\nX-Injected: 1'],
    ['ntfy', `tok${'é'.repeat(200)}`],
    ['telegram', '123456:AAHdq\u2028TcvCH1vGWJxfSeofSAs0K5PALDsaw0'],
  ])('a %s token %j is a 400 naming the token', async (kind, token) => {
    const { client } = await t.signedIn();
    const res = await client.post('/api/channels', {
      kind,
      name: 'bad token',
      target: kind === 'telegram' ? '-1001234567890' : 'https://ntfy.sh/earshot-bad-input',
      token,
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toHaveProperty('token');
  });

  // Refused by classification alone: nothing is resolved or connected to.
  test.each([
    'https://192.0.2.1/hook',
    'https://[::7f00:1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[2002:7f00:1::1]/hook',
    'https://[64:ff9b:1::a00:1]/hook',
    'https://[fec0::1]/hook',
    'https://[100::1]/hook',
  ])('a webhook target %s is a 400 naming the target', async (target) => {
    const { client } = await t.signedIn();
    const res = await client.post('/api/channels', { kind: 'webhook', name: 'ssrf', target });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid target: Must not point at /);
  });

  test('a feed URL with a 70 KB token, a NUL or Unicode is a 4xx, never a 5xx', async () => {
    for (const token of ['A'.repeat(70_000), `${'A'.repeat(42)}%00`, `${'A'.repeat(41)}é`]) {
      const res = await t.client().get(`/api/feeds/${token}/atom`);
      expect(res.status, token.slice(0, 50)).toBeGreaterThanOrEqual(400);
      expect(res.status, token.slice(0, 50)).toBeLessThan(500);
    }
  });
});
