import { describe, expect, test } from 'vitest';
import { build } from '../helpers/test-app';

const t = await build();

describe('HTTP hardening', () => {
  test('writes from another origin are refused; same and loopback origins pass', async () => {
    const evil = await t.client().request(
      'POST',
      '/api/login',
      { username: 'a@b.co', password: 'x' },
      {
        origin: 'https://evil.example',
      },
    );
    expect(evil.status).toBe(403);
    expect(evil.body.message).toBe('Cross-site request refused');
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000']) {
      const res = await t
        .client()
        .request('POST', '/api/login', { username: 'a@b.co', password: 'x' }, { origin });
      expect(res.status).toBe(401);
    }
  });

  test('security headers are set', async () => {
    const res = await t.client().get('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  test('malformed JSON, wrong content type and oversized bodies are 4xx with a message', async () => {
    const client = t.client();
    const malformed = await client.request('POST', '/api/login', '{"username": ', {
      'content-type': 'application/json',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Request body is not valid JSON');
    const text = await client.request('POST', '/api/login', 'hello', {
      'content-type': 'text/plain',
    });
    expect(text.status).toBe(415);
    const huge = await client.post('/api/login', {
      username: 'a@b.co',
      password: 'x'.repeat(200_000),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/100 KB/);
    const array = await client.post('/api/login', [1, 2]);
    expect(array.status).toBe(400);
  });

  test('a bodiless write with a JSON content type is fine; a proto-poisoned body is refused', async () => {
    const { client } = await t.signedIn();
    const logout = await client.request('POST', '/api/logout', undefined, {
      'content-type': 'application/json',
    });
    expect(logout.status).toBe(204);
    const poisoned = await t
      .client()
      .request('POST', '/api/login', '{"username":"a@b.co","password":"x","__proto__":{"a":1}}', {
        'content-type': 'application/json',
      });
    expect(poisoned.status).toBe(400);
  });

  test('unknown API paths are JSON 404s', async () => {
    const res = await t.client().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('/api/nope');
  });

  test('readiness follows the database', async () => {
    expect((await t.client().get('/readyz')).status).toBe(200);
  });
});

describe('rate limits', async () => {
  const limited = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '4' });

  test('login: the 5th attempt in a minute for one email is a 429; a minute later it passes', async () => {
    const client = limited.client();
    const body = { username: 'victim@example.com', password: 'guess' };
    for (let i = 0; i < 4; i++) expect((await client.post('/api/login', body)).status).toBe(401);
    const blocked = await client.post('/api/login', body);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    limited.clock.advance(61_000);
    expect((await client.post('/api/login', body)).status).toBe(401);
  });

  test('registration allows half the login limit per IP', async () => {
    limited.clock.advance(61_000);
    const client = limited.client();
    for (let i = 0; i < 2; i++) {
      expect(
        (await client.post('/api/register', { email: `r${i}@example.com`, password: 'secret1' }))
          .status,
      ).toBe(201);
    }
    const blocked = await client.post('/api/register', {
      email: 'r9@example.com',
      password: 'secret1',
    });
    expect(blocked.status).toBe(429);
  });
});
