import { eq } from 'drizzle-orm';
import pino from 'pino';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, test } from 'vitest';
import { apiKeys, workspaceMembers } from '../../src/server/db/schema';
import { eventually } from '../helpers/eventually';
import { HttpClient } from '../helpers/http-client';
import { insertMentions } from '../helpers/mentions';
import { CheckedApiClient, createContractCheck } from '../helpers/openapi';
import { build, type TestApp } from '../helpers/test-app';

// The public API (DESIGN §7): keys made with a session, /api/v1 driven by them, and every
// answer checked against the published OpenAPI document.

let t: TestApp;
let contract: ReturnType<typeof createContractCheck>;
const logLines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await build({}, { logger: pino({ level: 'info' }, sink) });
  contract = createContractCheck((await t.client().get('/api/openapi.json')).body);
});

type Person = Awaited<ReturnType<TestApp['signedIn']>>;

async function makeKey(person: Person, scope: 'read' | 'write' = 'write', name = 'Zapier') {
  const res = await person.client.post('/api/api-keys', { name, scope });
  expect(res.status).toBe(201);
  return res.body as { apiKey: { id: number; prefix: string }; key: string };
}

const api = (key?: string) => new CheckedApiClient(t.url, key, contract);

describe('keys', () => {
  test('are made with a session, shown once, listed by prefix and revoked at once', async () => {
    const me = await t.signedIn();
    const { apiKey, key } = await makeKey(me, 'read', '  Reporting  ');
    expect(key).toMatch(/^esk_[0-9A-Za-z]{46}$/);
    expect(apiKey).toMatchObject({
      name: 'Reporting',
      scope: 'read',
      prefix: key.slice(0, 12),
      lastUsedAt: null,
      createdBy: { userId: me.user.id, email: me.email },
    });
    const list = await me.client.get('/api/api-keys');
    expect(list.body.items).toEqual([apiKey]);
    expect(list.text).not.toContain(key);
    const [stored] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(JSON.stringify(stored)).not.toContain(key.slice(12));

    expect((await api(key).get('/api/v1/alerts')).status).toBe(200);
    expect((await me.client.delete(`/api/api-keys/${apiKey.id}`)).status).toBe(204);
    const revoked = await api(key).get('/api/v1/alerts');
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toMatch(/not valid/);
    expect((await me.client.get('/api/api-keys')).body.items).toEqual([]);
    expect((await me.client.delete(`/api/api-keys/${apiKey.id}`)).status).toBe(404);
  });

  test.each([
    ['an empty name', { name: '', scope: 'read' }, 'name', 'Name is required'],
    ['a blank name', { name: '   ', scope: 'read' }, 'name', 'Name is required'],
    ['101 characters', { name: 'x'.repeat(101), scope: 'read' }, 'name', 'at most 100'],
    ['10,000 characters', { name: 'x'.repeat(10_000), scope: 'read' }, 'name', 'at most 100'],
    ['an unknown scope', { name: 'ok', scope: 'admin' }, 'scope', 'read or write'],
    ['no scope', { name: 'ok' }, 'scope', 'read or write'],
    ['a number for a name', { name: 42, scope: 'read' }, 'name', 'Name is required'],
  ])('refuses %s with a field message', async (_label, body, field, message) => {
    const me = await t.signedIn();
    const res = await me.client.post('/api/api-keys', body);
    expect(res.status).toBe(400);
    expect(res.body.details[field]).toContain(message);
    expect((await me.client.get('/api/api-keys')).body.items).toEqual([]);
  });

  test('need a session: a key cannot make or list keys, a stranger gets 401', async () => {
    const me = await t.signedIn();
    const { key } = await makeKey(me);
    const withKey = new HttpClient(t.url, { authorization: `Bearer ${key}` });
    expect((await withKey.get('/api/api-keys')).status).toBe(401);
    expect((await withKey.post('/api/api-keys', { name: 'x', scope: 'write' })).status).toBe(401);
    expect((await t.client().get('/api/api-keys')).status).toBe(401);
  });

  test('another workspace cannot see or revoke them (404)', async () => {
    const owner = await t.signedIn();
    const stranger = await t.signedIn();
    const { apiKey, key } = await makeKey(owner);
    expect((await stranger.client.get('/api/api-keys')).body.items).toEqual([]);
    expect((await stranger.client.delete(`/api/api-keys/${apiKey.id}`)).status).toBe(404);
    expect((await api(key).get('/api/v1/alerts')).status).toBe(200);
  });

  test('a workspace holds at most 25', async () => {
    const me = await t.signedIn();
    for (let i = 0; i < 25; i += 1) await makeKey(me, 'read', `key ${i}`);
    const refused = await me.client.post('/api/api-keys', { name: 'one more', scope: 'read' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/at most 25 API keys/);
  });

  test('record their last use at most once a minute', async () => {
    const me = await t.signedIn();
    const { apiKey, key } = await makeKey(me, 'read');
    const lastUsed = async () =>
      (await me.client.get('/api/api-keys')).body.items.find(
        (k: { id: number }) => k.id === apiKey.id,
      ).lastUsedAt;
    await api(key).get('/api/v1/stats');
    const first = await lastUsed();
    expect(first).toBe(t.clock.now().toISOString());
    t.clock.advance(30_000);
    await api(key).get('/api/v1/stats');
    expect(await lastUsed()).toBe(first);
    t.clock.advance(31_000);
    await api(key).get('/api/v1/stats');
    expect(await lastUsed()).toBe(t.clock.now().toISOString());
  });
});

describe('a key in the Authorization header', () => {
  test.each([
    ['no header', {}],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['Bearer and nothing', { authorization: 'Bearer ' }],
    ['a made-up key', { authorization: `Bearer esk_${'a'.repeat(46)}` }],
    ['a stranger service key', { authorization: 'Bearer sk_live_abc' }],
    ['10,000 characters', { authorization: `Bearer esk_${'a'.repeat(10_000)}` }],
  ])('%s is 401 with a way forward', async (_name, headers) => {
    const res = await api().request('GET', '/api/v1/mentions', undefined, headers);
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/API key/);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="earshot"');
  });

  test('a truncated or retyped real key is 401', async () => {
    const me = await t.signedIn();
    const { key } = await makeKey(me);
    expect((await api(key.slice(0, -1)).get('/api/v1/alerts')).status).toBe(401);
    const typo = key.slice(0, 20) + (key[20] === 'a' ? 'b' : 'a') + key.slice(21);
    expect((await api(typo).get('/api/v1/alerts')).status).toBe(401);
    expect((await api(key).get('/api/v1/alerts')).status).toBe(200);
  });

  test('a session cookie alone opens nothing in /api/v1', async () => {
    const me = await t.signedIn();
    expect((await me.client.get('/api/v1/alerts')).status).toBe(401);
  });

  test('in the URL it is refused, told to revoke, and never logged', async () => {
    const me = await t.signedIn();
    const { key } = await makeKey(me);
    for (const url of [
      `/api/v1/mentions?api_key=${key}`,
      `/api/v1/mentions?key=${key}`,
      `/api/v1/mentions?token=${key}`,
      `/api/v1/alerts/${key}`,
    ]) {
      const res = await api(key).get(url);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Authorization header.*revoke it/);
    }
    // A filter that only looks alike is not a key.
    expect((await api(key).get('/api/v1/mentions?subreddit=desk_setups')).status).toBe(200);
    await eventually('the request log line', () => logLines.join('').includes('desk_setups'));
    expect(logLines.join('')).toContain('api_key=[redacted]');
    expect(logLines.join('')).not.toContain(key.slice(4));
  });
});

describe('/api/v1 routes', () => {
  test('keywords: create, get, list, change, delete', async () => {
    const me = await t.signedIn();
    const { key } = await makeKey(me);
    const client = api(key);
    const created = await client.post('/api/v1/alerts', { keyword: '"earshot" OR earshot.app' });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await client.get(`/api/v1/alerts/${id}`)).body).toMatchObject({
      id,
      keyword: '"earshot" OR earshot.app',
    });
    expect(
      (await client.get('/api/v1/alerts')).body.items.map((a: { id: number }) => a.id),
    ).toEqual([id]);
    const paused = await client.patch(`/api/v1/alerts/${id}`, { isPaused: true });
    expect(paused.body).toMatchObject({ id, isPaused: true, keyword: '"earshot" OR earshot.app' });
    // The same rules as the web app: the keyword language's errors, by field.
    const bad = await client.patch(`/api/v1/alerts/${id}`, { keyword: '"unclosed' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.keyword).toBeTruthy();
    expect((await client.delete(`/api/v1/alerts/${id}`)).status).toBe(204);
    expect((await client.get(`/api/v1/alerts/${id}`)).status).toBe(404);
    // The web app sees what the API did, and the other way round.
    expect((await me.client.get('/api/alerts')).body).toEqual([]);
  });

  test('the plan limit holds (403 in words)', async () => {
    const me = await t.signedIn();
    const client = api((await makeKey(me)).key);
    for (const keyword of ['a1', 'b2', 'c3']) {
      expect((await client.post('/api/v1/alerts', { keyword })).status).toBe(201);
    }
    const over = await client.post('/api/v1/alerts', { keyword: 'd4' });
    expect(over.status).toBe(403);
    expect(over.body.message).toMatch(/Free plan allows 3 active keywords/);
  });

  test("mentions: the web list's filters and cursor, replied and labels", async () => {
    const me = await t.signedIn();
    const client = api((await makeKey(me)).key);
    const alert = (await client.post('/api/v1/alerts', { keyword: 'earshot' })).body;
    await insertMentions(t.db, alert, 5);
    await insertMentions(t.db, alert, 2, { source: 'hackernews', subreddit: '' });
    const hn = await client.get('/api/v1/mentions?source=hn');
    expect(hn.body.items).toHaveLength(2);
    expect(hn.body.items.every((m: { source: string }) => m.source === 'hackernews')).toBe(true);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { items: { id: number }[]; nextCursor: string | null } } =
        await client.get(
          `/api/v1/mentions?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
      seen.push(...page.body.items.map((m) => m.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);

    const id = seen[0];
    const replied = await client.patch(`/api/v1/mentions/${id}`, { hasReplied: true });
    expect(replied.body).toMatchObject({ id, hasReplied: true, repliedBy: { userId: me.user.id } });
    const labelled = await client.patch(`/api/v1/mentions/${id}`, { feedback: 'irrelevant' });
    expect(labelled.body).toMatchObject({ id, hasReplied: true, feedback: 'irrelevant' });
    const both = await client.patch(`/api/v1/mentions/${id}`, {
      hasReplied: false,
      feedback: null,
    });
    expect(both.body).toMatchObject({ hasReplied: false, repliedBy: null, feedback: null });
    expect((await client.get('/api/v1/mentions?replied=true')).body.items).toEqual([]);
    expect((await client.get('/api/v1/stats')).body).toMatchObject({ activeAlerts: 1 });
  });

  test('preview is a read', async () => {
    const me = await t.signedIn();
    const res = await api((await makeKey(me, 'read')).key).post('/api/v1/preview', {
      keyword: 'earshot',
      sources: ['hn'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ matches: expect.any(Number) });
  });

  test('a read key reads and is refused every write (403), changing nothing', async () => {
    const me = await t.signedIn();
    const alert = (await api((await makeKey(me)).key).post('/api/v1/alerts', { keyword: 'kept' }))
      .body;
    const [mention] = await insertMentions(t.db, alert, 1);
    const reader = api((await makeKey(me, 'read')).key);
    expect((await reader.get('/api/v1/alerts')).status).toBe(200);
    for (const res of [
      await reader.post('/api/v1/alerts', { keyword: 'new' }),
      await reader.patch(`/api/v1/alerts/${alert.id}`, { isPaused: true }),
      await reader.delete(`/api/v1/alerts/${alert.id}`),
      await reader.patch(`/api/v1/mentions/${mention.id}`, { hasReplied: true }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/can only read/);
    }
    expect((await reader.get(`/api/v1/alerts/${alert.id}`)).body.isPaused).toBe(false);
  });

  test("another workspace's things are 404, and stay as they were", async () => {
    const owner = await t.signedIn();
    const alert = (
      await api((await makeKey(owner)).key).post('/api/v1/alerts', { keyword: 'mine' })
    ).body;
    const [mention] = await insertMentions(t.db, alert, 1);
    const other = api((await makeKey(await t.signedIn())).key);
    expect((await other.get(`/api/v1/alerts/${alert.id}`)).status).toBe(404);
    expect((await other.patch(`/api/v1/alerts/${alert.id}`, { isPaused: true })).status).toBe(404);
    expect((await other.delete(`/api/v1/alerts/${alert.id}`)).status).toBe(404);
    expect((await other.patch(`/api/v1/mentions/${mention.id}`, { hasReplied: true })).status).toBe(
      404,
    );
    expect((await other.get(`/api/v1/mentions?alertId=${alert.id}`)).body.items).toEqual([]);
    const mine = (await owner.client.get('/api/mentions')).body.items;
    expect(mine).toMatchObject([{ id: mention.id, hasReplied: false }]);
  });

  test('a key stops when its maker is no longer an admin of the workspace', async () => {
    const owner = await t.signedIn();
    const { key } = await makeKey(owner);
    expect((await api(key).get('/api/v1/alerts')).status).toBe(200);
    await t.db
      .update(workspaceMembers)
      .set({ role: 'member' })
      .where(eq(workspaceMembers.userId, owner.user.id));
    const res = await api(key).get('/api/v1/alerts');
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/not an admin/);
    await t.db
      .update(workspaceMembers)
      .set({ role: 'owner' })
      .where(eq(workspaceMembers.userId, owner.user.id));
  });

  test('keys are made by admins and owners only', async () => {
    const me = await t.signedIn();
    await t.db
      .update(workspaceMembers)
      .set({ role: 'member' })
      .where(eq(workspaceMembers.userId, me.user.id));
    const res = await me.client.post('/api/api-keys', { name: 'x', scope: 'read' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/Only an admin or above/);
  });
});

describe('bad input', () => {
  test.each([
    ['POST', '/api/v1/alerts', { keyword: 'x', userId: 1 }, 'userId'],
    ['PATCH', '/api/v1/mentions/1', { hasreplied: true }, 'hasreplied'],
    ['POST', '/api/v1/preview', { keyword: 'x', extra: 1 }, 'extra'],
  ])('%s %s with an unknown field %j is 400 naming it', async (method, url, body, field) => {
    const me = await t.signedIn();
    const res = await api((await makeKey(me)).key).request(method, url, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });

  test.each([
    ['/api/v1/mentions?sorce=hn', 'sorce'],
    ['/api/v1/mentions?limit=100000', 'limit'],
    ['/api/v1/mentions?source=myspace', 'source'],
    ['/api/v1/mentions?cursor=nonsense', 'cursor'],
    ['/api/v1/alerts/1.5', 'id'],
  ])('GET %s is 400', async (url, word) => {
    const me = await t.signedIn();
    const res = await api((await makeKey(me)).key).get(url);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(word);
  });

  test('an empty PATCH says what to send; a 1 MB body is 413; broken JSON is 400', async () => {
    const me = await t.signedIn();
    const client = api((await makeKey(me)).key);
    const alert = (await client.post('/api/v1/alerts', { keyword: 'x' })).body;
    const [mention] = await insertMentions(t.db, alert, 1);
    const empty = await client.patch(`/api/v1/mentions/${mention.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/Send hasReplied, feedback or both/);
    const huge = await new HttpClient(t.url).request(
      'POST',
      '/api/v1/alerts',
      JSON.stringify({ keyword: 'x'.repeat(1024 * 1024) }),
      { authorization: client['defaultHeaders' as never]['authorization' as never] },
    );
    expect(huge.status).toBe(413);
    const broken = await client.request('POST', '/api/v1/alerts', '{"keyword": "x"');
    expect(broken.status).toBe(400);
    expect((await client.get('/api/v1/alerts')).body.items).toHaveLength(1);
  });

  test('a bearer write from another site passes the Origin check (no cookie is read)', async () => {
    const me = await t.signedIn();
    const client = api((await makeKey(me)).key);
    const res = await client.request(
      'POST',
      '/api/v1/alerts',
      { keyword: 'x' },
      { origin: 'https://elsewhere.example' },
    );
    expect(res.status).toBe(201);
  });
});

describe('rate limit', () => {
  test('per key, counted in the database: 429 with Retry-After past the limit, and not before', async () => {
    const limited = await build({ API_RATE_LIMIT_PER_MINUTE: '5' });
    const me = await limited.signedIn();
    const keyOf = async () =>
      (await me.client.post('/api/api-keys', { name: 'k', scope: 'read' })).body.key as string;
    const [first, second] = [await keyOf(), await keyOf()];
    const one = new HttpClient(limited.url, { authorization: `Bearer ${first}` });
    for (let i = 0; i < 5; i += 1) expect((await one.get('/api/v1/stats')).status).toBe(200);
    const over = await one.get('/api/v1/stats');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.body.message).toMatch(/more than 5 requests in a minute/);
    // Another key of the same workspace counts on its own.
    const two = new HttpClient(limited.url, { authorization: `Bearer ${second}` });
    expect((await two.get('/api/v1/stats')).status).toBe(200);
    limited.clock.advance(60_000);
    expect((await one.get('/api/v1/stats')).status).toBe(200);
  });

  test('holds across two web processes sharing the database', async () => {
    const first = await build({ API_RATE_LIMIT_PER_MINUTE: '4' });
    const second = await build(
      { API_RATE_LIMIT_PER_MINUTE: '4' },
      { database: first.database, clock: first.clock },
    );
    const me = await first.signedIn();
    const { key } = (await me.client.post('/api/api-keys', { name: 'k', scope: 'read' })).body;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const app = i % 2 === 0 ? first : second;
      statuses.push(
        (await new HttpClient(app.url, { authorization: `Bearer ${key}` }).get('/api/v1/stats'))
          .status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
  });
});

test('every /api/v1 answer above matched the published document, every operation succeeded', () => {
  expect(contract.checked).toBeGreaterThan(60);
  expect(contract.untested()).toEqual([]);
});
