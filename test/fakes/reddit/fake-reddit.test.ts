import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, describe, expect, test } from 'vitest';
import { eventually } from '../../helpers/eventually';
import { hasSharedFixture } from '../../helpers/shared-fixtures';
import { DEFAULT_FIXTURES_DIR } from './fixtures';
import { startFakeReddit, type FakeReddit, type FakeRedditOptions } from './index';

const BASIC = `Basic ${Buffer.from('fake-client-id:fake-client-secret').toString('base64')}`;
const started: FakeReddit[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((fake) => fake.stop()));
});

/** A fake with a hand-moved clock. */
async function start(options: FakeRedditOptions = {}) {
  let now = Date.parse('2026-11-21T12:00:00Z');
  const fake = await startFakeReddit({ clock: () => now, seed: 7, ...options });
  started.push(fake);
  return { fake, advance: (ms: number) => (now += ms), now: () => now };
}

async function tokenFor(fake: FakeReddit, body = 'grant_type=client_credentials', auth = BASIC) {
  const res = await fetch(`${fake.url}/api/v1/access_token`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

async function api(fake: FakeReddit, path: string, token?: string, signal?: AbortSignal) {
  const headers: Record<string, string> = { 'user-agent': 'earshot-test/1.0' };
  if (token) headers.authorization = `bearer ${token}`;
  const res = await fetch(`${fake.url}${path}`, { headers, signal });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

async function client(options: FakeRedditOptions = {}) {
  const ctx = await start(options);
  const token = (await tokenFor(ctx.fake)).json.access_token as string;
  const get = (path: string, signal?: AbortSignal) => api(ctx.fake, path, token, signal);
  const names = async (path: string) =>
    // Raw Reddit listing JSON, read as served; the assertions check the shape.
    ((await get(path)).json.data.children as any[]).map((c) => c.data.name as string);
  return { ...ctx, token, get, names };
}

/** `count` comments in r/`sub`, one second apart, oldest first. */
function comments(fake: FakeReddit, now: () => number, count: number, sub = 'SaaS') {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(
      fake.addComment({ subreddit: sub, body: `comment ${i}`, createdMs: now() + i * 1000 }).data
        .name,
    );
  }
  return out;
}

describe('OAuth token endpoint', () => {
  test('client credentials give a bearer token the API accepts, and the user-agent is recorded', async () => {
    const { fake } = await start({ tokenTtlSeconds: 3600 });
    const { status, json } = await tokenFor(fake);
    expect(status).toBe(200);
    expect(json).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 3600,
      scope: '*',
    });
    const res = await fetch(`${fake.url}/r/all/new.json?raw_json=1`, {
      headers: { authorization: `Bearer ${json.access_token}`, 'user-agent': 'earshot/1.0' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    const recorded = fake.requests.at(-1)!;
    expect(recorded).toMatchObject({ method: 'GET', path: '/r/all/new.json', status: 200 });
    expect(recorded.query).toEqual({ raw_json: '1' });
    expect(recorded.headers['user-agent']).toBe('earshot/1.0');
  });

  test.each([
    [
      'wrong client secret',
      'grant_type=client_credentials',
      `Basic ${btoa('fake-client-id:nope')}`,
      401,
      { message: 'Unauthorized', error: 401 },
    ],
    [
      'no Basic auth',
      'grant_type=client_credentials',
      '',
      401,
      { message: 'Unauthorized', error: 401 },
    ],
    [
      'wrong password',
      'grant_type=password&username=fake-user&password=x',
      BASIC,
      200,
      { error: 'invalid_grant' },
    ],
    ['unknown grant', 'grant_type=magic', BASIC, 200, { error: 'unsupported_grant_type' }],
  ])('%s', async (_name, body, auth, status, expected) => {
    const { fake } = await start();
    expect(await tokenFor(fake, body, auth)).toEqual({ status, json: expected });
  });

  test('the password grant works with the right username and password', async () => {
    const { fake } = await start();
    const { json } = await tokenFor(
      fake,
      'grant_type=password&username=fake-user&password=fake-pass',
    );
    expect(json.access_token).toEqual(expect.any(String));
  });

  test('API calls without a valid or unexpired token get 401 invalid_token', async () => {
    const { fake, advance } = await start({ tokenTtlSeconds: 60 });
    const token = (await tokenFor(fake)).json.access_token;
    for (const attempt of [undefined, 'not-a-token']) {
      const res = await api(fake, '/r/all/new', attempt);
      expect(res.status).toBe(401);
      expect(res.text).toBe('{"message": "Unauthorized", "error": 401}');
      expect(res.headers.get('www-authenticate')).toBe(
        'Bearer realm="reddit", error="invalid_token"',
      );
    }
    expect((await api(fake, '/r/all/new', token)).status).toBe(200);
    advance(60_000);
    expect((await api(fake, '/r/all/new', token)).status).toBe(401);
  });
});

describe('listings', () => {
  test('the envelope, kinds and paths with or without .json and a trailing slash', async () => {
    const { fake, get, now } = await client();
    const post = fake.addPost({
      subreddit: 'SaaS',
      title: 'Zendesk alternatives?',
      createdMs: now(),
    });
    fake.addComment({
      subreddit: 'SaaS',
      body: 'Try this',
      linkId: post.data.name,
      createdMs: now() + 1,
    });
    for (const path of [
      '/r/saas/new',
      '/r/SaaS/new.json?limit=100',
      '/r/saas/new/',
      '/r/saas/new/.json',
    ]) {
      const { json } = await get(path);
      expect(json).toEqual({
        kind: 'Listing',
        data: {
          after: null,
          dist: 1,
          modhash: null,
          geo_filter: '',
          children: [expect.anything()],
          before: null,
        },
      });
      expect(json.data.children[0].kind).toBe('t3');
    }
    const { json, text } = await get('/r/all/comments/?limit=100&raw_json=1');
    const comment = json.data.children[0];
    expect(comment.kind).toBe('t1');
    expect(comment.data).toMatchObject({
      subreddit: 'SaaS',
      link_id: post.data.name,
      parent_id: post.data.name,
      link_title: 'Zendesk alternatives?',
      link_permalink: `https://www.reddit.com${post.data.permalink}`,
      num_comments: 1,
      body: 'Try this',
    });
    expect(comment.data.permalink).toMatch(
      /^\/r\/SaaS\/comments\/\w+\/zendesk_alternatives\/\w+\/$/,
    );
    expect(text).toMatch(/"created_utc":\d+\.0,/);
  });

  test('a before chain like the recorded one: full pages closest to the cursor, no overlap, no gap', async () => {
    const { fake, get, names, now, advance } = await client();
    comments(fake, now, 120);
    advance(200_000);
    const first = await names('/r/all/comments/?limit=100');
    expect(first).toHaveLength(100);
    const arrived = comments(fake, now, 350);
    const pages: string[][] = [];
    let cursor = first[0];
    for (;;) {
      const { json } = await get(`/r/all/comments/?before=${cursor}&limit=100`);
      expect(json.data.after).toBeNull();
      // Raw Reddit listing JSON, read as served; the assertions check the shape.
      const page = (json.data.children as any[]).map((c) => c.data.name as string);
      if (page.length === 0) break;
      pages.push(page);
      cursor = page[0];
      if (page.length < 100) break;
    }
    expect(pages.map((p) => p.length)).toEqual([100, 100, 100, 50]);
    // Each page is newest-first and holds the items just newer than its cursor.
    expect(pages[0]).toEqual(arrived.slice(0, 100).reverse());
    expect(pages.flat().sort()).toEqual([...arrived].sort());
  });

  test('after pages go older and say whether more exist', async () => {
    const { fake, get, now } = await client();
    const all = comments(fake, now, 60).reverse();
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const { json }: { json: any } = await get(
        `/r/saas/comments?limit=25${after ? `&after=${after}` : ''}`,
      );
      seen.push(...json.data.children.map((c: any) => c.data.name));
      after = json.data.after;
    } while (after);
    expect(seen).toEqual(all);
  });

  test('only the newest listingWindow items are reachable', async () => {
    const { fake, get, names, now } = await client({ listingWindow: 50 });
    const all = comments(fake, now, 80).reverse();
    const first = await get('/r/saas/comments?limit=40');
    const second = await names(`/r/saas/comments?limit=40&after=${first.json.data.after}`);
    expect(second).toEqual(all.slice(40, 50));
    expect(await names(`/r/saas/comments?before=${all[60]}`)).toEqual([]);
    expect(await names(`/r/saas/comments?after=${all[60]}`)).toEqual([]);
  });

  test('a removed cursor gives an empty page; /api/info shows the item removed', async () => {
    const { fake, names, get, now } = await client();
    const all = comments(fake, now, 5);
    fake.removeItem(all[2]);
    expect(await names('/r/saas/comments')).toEqual([all[4], all[3], all[1], all[0]]);
    expect(await names(`/r/saas/comments?before=${all[2]}`)).toEqual([]);
    const { json } = await get(`/api/info?id=${all[2]}`);
    expect(json.data.children[0].data).toMatchObject({ author: '[deleted]', body: '[removed]' });
    expect(json.data.children[0].data).not.toHaveProperty('author_fullname');
  });

  test('a late insert lands behind items already served', async () => {
    const { fake, names, now } = await client();
    const all = comments(fake, now, 10);
    const late = fake.addComment({ subreddit: 'SaaS', body: 'late', createdMs: now() + 4500 }).data
      .name;
    expect(await names(`/r/saas/comments?before=${all[9]}`)).toEqual([]);
    expect((await names('/r/saas/comments')).indexOf(late)).toBe(5);
    expect(await names(`/r/saas/comments?before=${all[4]}&limit=2`)).toEqual([all[5], late]);
  });

  test('a late item enters lateDepth below the newest, whatever its creation time, and sinks from there', async () => {
    const { fake, names, now, advance } = await client();
    const all = comments(fake, now, 10);
    advance(60_000);
    // Created long ago (its id and created_utc), shown now three below the newest.
    const late = fake.addComment({
      subreddit: 'SaaS',
      body: 'late',
      createdMs: now() - 3_600_000,
      lateDepth: 3,
    }).data.name;
    const listing = await names('/r/saas/comments');
    expect(listing.indexOf(late)).toBe(3);
    // Below a reader whose cursor is the newest: `before` does not show it, `after` does.
    expect(await names(`/r/saas/comments?before=${all[9]}`)).toEqual([]);
    expect(await names(`/r/saas/comments?after=${all[7]}&limit=2`)).toEqual([late, all[6]]);
    expect(await names(`/r/saas/comments?before=${all[6]}&limit=2`)).toEqual([all[7], late]);
    // r/all agrees, and the item sinks as newer ones arrive.
    const newer = fake.addComment({ subreddit: 'SaaS', body: 'newer' }).data.name;
    expect((await names('/r/all/comments')).slice(0, 5)).toEqual([
      newer,
      all[9],
      all[8],
      all[7],
      late,
    ]);
    const logged = fake.items().find((item) => item.fullname === late);
    expect(logged).toMatchObject({ insertedMs: now(), insertedDepth: 3 });
  });

  test('several late items at one depth keep their order; removing one leaves the rest', async () => {
    const { fake, names, now } = await client();
    const all = comments(fake, now, 5);
    const a = fake.addComment({ subreddit: 'SaaS', body: 'a', lateDepth: 2 }).data.name;
    const b = fake.addComment({ subreddit: 'SaaS', body: 'b', lateDepth: 2 }).data.name;
    expect(await names('/r/saas/comments')).toEqual([all[4], all[3], b, a, all[2], all[1], all[0]]);
    fake.removeItem(b);
    expect(await names(`/r/saas/comments?after=${all[3]}`)).toEqual([a, all[2], all[1], all[0]]);
  });

  test('multis merge subreddits; a forbidden member answers its 403 or 404 for the whole request', async () => {
    const { fake, get, names, now } = await client();
    const a = fake.addPost({ subreddit: 'alpha', title: 'a', createdMs: now() }).data.name;
    const b = fake.addPost({ subreddit: 'Beta', title: 'b', createdMs: now() + 1 }).data.name;
    fake.addPost({ subreddit: 'gamma', title: 'c', createdMs: now() + 2 });
    expect(await names('/r/alpha+beta/new')).toEqual([b, a]);
    expect(await names('/r/nobody_here/new')).toEqual([]);
    fake.forbidSubreddit('Beta', 403);
    const quarantined = await get('/r/alpha+beta/new');
    expect(quarantined.status).toBe(403);
    expect(quarantined.json).toMatchObject({
      reason: 'quarantined',
      message: 'Forbidden',
      error: 403,
    });
    fake.forbidSubreddit('gamma', 404);
    const missing = await get('/r/gamma/comments');
    expect(missing).toMatchObject({ status: 404, json: { message: 'Not Found', error: 404 } });
    expect(await names('/r/all/new')).toEqual([a]);
  });

  test('opted-out subreddits stay out of r/all but not out of their own listing', async () => {
    const { fake, names, now } = await client();
    const kept = fake.addPost({ subreddit: 'kept', title: 'k', createdMs: now() }).data.name;
    const hidden = fake.addPost({ subreddit: 'Hidden', title: 'h', createdMs: now() + 1 }).data
      .name;
    fake.optOutOfAll('hidden');
    const later = fake.addPost({ subreddit: 'hidden', title: 'h2', createdMs: now() + 2 }).data
      .name;
    expect(await names('/r/all/new')).toEqual([kept]);
    expect(await names('/r/hidden/new')).toEqual([later, hidden]);
    expect(await names('/r/hidden+kept/new')).toEqual([later, hidden, kept]);
  });
});

describe('rate limits', () => {
  test('headers count down, then a bare HTML 429 until the window resets', async () => {
    const { get, advance } = await client({ rateLimit: { limit: 3, windowSeconds: 60 } });
    advance(10_000);
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const { headers } = await get('/r/all/new');
      seen.push(['used', 'remaining', 'reset'].map((h) => headers.get(`x-ratelimit-${h}`)));
    }
    expect(seen).toEqual([
      ['1', '2.0', '50'],
      ['2', '1.0', '50'],
      ['3', '0.0', '50'],
    ]);
    const limited = await get('/r/all/new');
    expect(limited.status).toBe(429);
    expect(limited.text).toContain('whoa there, pardner!');
    expect(limited.headers.get('retry-after')).toBe('50');
    expect(limited.headers.get('x-ratelimit-used')).toBeNull();
    advance(50_000);
    const next = await get('/r/all/new');
    expect([next.status, next.headers.get('x-ratelimit-used')]).toEqual([200, '1']);
  });

  test('all tokens of one client share the budget; false sends no headers', async () => {
    const { fake } = await client({ rateLimit: { limit: 2, windowSeconds: 60 } });
    const second = (await tokenFor(fake)).json.access_token;
    await api(fake, '/r/all/new', second);
    expect((await api(fake, '/r/all/new', second)).headers.get('x-ratelimit-used')).toBe('2');
    const { get } = await client({ rateLimit: false });
    const { headers } = await get('/r/all/new');
    expect(headers.get('x-ratelimit-used')).toBeNull();
  });
});

describe('faults', () => {
  test.each([500, 502, 503, 504])(
    '%i comes with an empty body and a JSON content type',
    async (status) => {
      const { fake, get } = await client();
      fake.injectFaults([{ kind: 'status', status, match: '/comments' }]);
      expect((await get('/r/all/new')).status).toBe(200);
      const res = await get('/r/all/comments');
      expect([res.status, res.text, res.headers.get('content-type')]).toEqual([
        status,
        '',
        'application/json; charset=UTF-8',
      ]);
      expect((await get('/r/all/comments')).status).toBe(200);
    },
  );

  test('a 429 fault sends the HTML page and retry-after; times repeats a rule', async () => {
    const { fake, get } = await client();
    fake.injectFaults([{ kind: 'status', status: 429, times: 2, headers: { 'retry-after': '7' } }]);
    for (let i = 0; i < 2; i++) {
      const res = await get('/r/all/new');
      expect([res.status, res.headers.get('retry-after')]).toEqual([429, '7']);
      expect(res.text).toContain('whoa there, pardner!');
    }
    expect((await get('/r/all/new')).status).toBe(200);
  });

  test('timeout never answers, or answers late with delayMs', async () => {
    const { fake, get } = await client();
    fake.injectFaults([{ kind: 'timeout' }]);
    await expect(get('/r/all/new', AbortSignal.timeout(300))).rejects.toThrow();
    expect(fake.requests.at(-1)!.status).toBe(0);
    fake.injectFaults([{ kind: 'timeout', delayMs: 200 }]);
    const startedAt = performance.now();
    expect((await get('/r/all/new')).status).toBe(200);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(190);
  });

  test('truncated and malformed answers are 200s that do not parse', async () => {
    const { fake, get, now } = await client();
    comments(fake, now, 3);
    fake.injectFaults([{ kind: 'truncated' }, { kind: 'malformed' }]);
    const truncated = await get('/r/all/comments');
    expect(truncated.status).toBe(200);
    expect(truncated.text.startsWith('{"kind":"Listing"')).toBe(true);
    expect(truncated.json).toBeUndefined();
    const malformed = await get('/r/all/comments');
    expect(malformed.status).toBe(200);
    expect(malformed.text).toContain('<html>');
    expect(malformed.json).toBeUndefined();
  });

  test('token faults hit the token endpoint; invalid-token hits API calls', async () => {
    const { fake, get } = await client();
    fake.injectFaults([
      { kind: 'invalid-token' },
      { kind: 'token-401' },
      { kind: 'token-invalid-grant' },
    ]);
    const expired = await get('/r/all/new');
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toBe(
      'Bearer realm="reddit", error="invalid_token"',
    );
    expect(await tokenFor(fake)).toEqual({
      status: 401,
      json: { message: 'Unauthorized', error: 401 },
    });
    expect(await tokenFor(fake)).toEqual({ status: 200, json: { error: 'invalid_grant' } });
    expect((await tokenFor(fake)).json.access_token).toEqual(expect.any(String));
    fake.injectFaults([{ kind: 'status', status: 500, times: Infinity }]);
    fake.clearFaults();
    expect((await get('/r/all/new')).status).toBe(200);
  });
});

describe('/api/info', () => {
  test('known items in the order asked, without the link fields on comments, with current scores', async () => {
    const { fake, get } = await client();
    const post = fake.addPost({ subreddit: 'SaaS', title: 'A post', selftext: 'text' }).data.name;
    const comment = fake.addComment({ subreddit: 'SaaS', body: 'A comment', linkId: post }).data
      .name;
    fake.setScore(post, 42);
    const { json } = await get(`/api/info.json?id=${comment},t3_missing,${post}&raw_json=1`);
    expect(json.data.children.map((c: any) => c.data.name)).toEqual([comment, post]);
    const data = json.data.children[0].data;
    for (const key of [
      'link_title',
      'link_permalink',
      'link_url',
      'link_author',
      'num_comments',
      'over_18',
    ]) {
      expect(data).not.toHaveProperty(key);
    }
    expect(data).toMatchObject({ link_id: post, permalink: expect.stringMatching(/^\/r\/SaaS\//) });
    expect(json.data.children[1].data).toMatchObject({ score: 42, ups: 42, num_comments: 1 });
  });

  test('more than 100 ids is a 400', async () => {
    const { get } = await client();
    const ids = Array.from({ length: 101 }, (_, i) => `t3_${i.toString(36)}`).join(',');
    expect((await get(`/api/info?id=${ids}`)).status).toBe(400);
  });
});

describe('/api/info for the posts-by-id enumeration', () => {
  /** The `count` post fullnames after `id`, consecutive in base 36, as the product asks them. */
  const after = (id: string, count: number) =>
    Array.from({ length: count }, (_, i) => `t3_${(parseInt(id, 36) + i + 1).toString(36)}`);

  test.each([403, 404] as const)(
    'posts of a forbidden subreddit (%i) are missing from the answer',
    async (status) => {
      const { fake, get } = await client();
      const open = fake.addPost({ subreddit: 'alpha', title: 'open' }).data.name;
      const closed = fake.addPost({ subreddit: 'Private_Sub', title: 'closed' }).data.name;
      fake.forbidSubreddit('Private_Sub', status);
      const { json } = await get(`/api/info?id=${closed},${open}`);
      expect(json.data.children.map((c: any) => c.data.name)).toEqual([open]);
    },
  );

  test('a held late post is answered [removed] until shown, then normally; listings, search and the log wait', async () => {
    const { fake, get, names, advance, now } = await client();
    const first = fake.addPost({ subreddit: 'SaaS', title: 'shown at once' }).data;
    const late = { share: 1, minMs: 60_000, maxMs: 60_000, minDepth: 0, maxDepth: 0 };
    fake.startFirehose({ commentsPerSecond: 0, postsPerSecond: 40, subreddits: ['SaaS'], late });
    const askHeld = async () =>
      (await get(`/api/info?id=${after(first.id, 100).join(',')}`)).json.data.children.map(
        (c: any) => c.data,
      );
    const held = await eventually('4 held posts', async () => {
      const answered = await askHeld();
      return answered.length > 3 && answered;
    });
    expect(held.length).toBeGreaterThan(3);
    for (const data of held) {
      expect(data).toMatchObject({ author: '[deleted]', selftext: '[removed]' });
      expect(data).not.toHaveProperty('author_fullname');
    }
    const heldNames: string[] = held.map((data: any) => data.name);
    expect(new Set(heldNames).size).toBe(heldNames.length);
    for (const path of ['/r/saas/new', '/r/all/new', '/search?q=&sort=new'])
      expect(await names(path)).toEqual([first.name]);
    expect(fake.items().map((item) => item.fullname)).toEqual([first.name]);

    // One approved and one removed while held: neither is shown again when due.
    const [approved, removed, ...rest] = heldNames;
    fake.approve(approved);
    fake.removeItem(removed);
    advance(60_000);
    await expect.poll(() => fake.items().length, { timeout: 2000 }).toBeGreaterThan(held.length);
    const { json } = await get(`/api/info?id=${heldNames.join(',')}`);
    const byName = new Map(json.data.children.map((c: any) => [c.data.name, c.data]));
    expect(byName.get(removed)).toMatchObject({ selftext: '[removed]' });
    for (const name of [approved, ...rest])
      expect(byName.get(name)).not.toMatchObject({ author: '[deleted]' });
    const listing = await names('/r/saas/new?limit=100');
    for (const name of [approved, ...rest])
      expect(listing.filter((n) => n === name)).toHaveLength(1);
    expect(listing).not.toContain(removed);
    // The log as before: shown items enter it when shown, with insertedMs and insertedDepth.
    const log = new Map(fake.items().map((item) => [item.fullname, item]));
    for (const name of rest)
      expect(log.get(name)).toMatchObject({ insertedMs: now(), insertedDepth: 0 });
    expect(log.get(approved)).not.toHaveProperty('insertedMs');
    expect(log.get(removed)).not.toHaveProperty('insertedMs');
  });

  test('an unlisted post is in no listing nor search, but /api/info and the log have it', async () => {
    const { fake, get, names } = await client();
    const listed = fake.addPost({ subreddit: 'SaaS', title: 'zendesk listed' }).data.name;
    const unlisted = fake.addPost({
      subreddit: 'SaaS',
      title: 'zendesk unlisted',
      unlisted: true,
      lateDepth: 0,
    }).data.name;
    for (const path of [
      '/r/saas/new',
      '/r/all/new',
      '/search?q=zendesk',
      '/r/saas/search?q=zendesk',
    ])
      expect(await names(path)).toEqual([listed]);
    const { json } = await get(`/api/info?id=${unlisted}`);
    expect(json.data.children[0].data).toMatchObject({ name: unlisted, title: 'zendesk unlisted' });
    expect(fake.items().find((item) => item.fullname === unlisted)).toMatchObject({
      unlisted: true,
    });
    expect(fake.items().find((item) => item.fullname === listed)).not.toHaveProperty('unlisted');
    // Approval after a removal brings back its text, not a place in the listings.
    fake.removeItem(unlisted);
    fake.approve(unlisted);
    expect(await names('/r/saas/new')).toEqual([listed]);
    expect((await get(`/api/info?id=${unlisted}`)).json.data.children[0].data.author).not.toBe(
      '[deleted]',
    );
  });

  test('approve puts a removed item back where its creation time puts it; a deleted one stays gone', async () => {
    const { fake, get, names, now } = await client();
    const all = comments(fake, now, 5);
    const late = fake.addComment({
      subreddit: 'SaaS',
      body: 'late',
      createdMs: now() - 60_000,
      lateDepth: 1,
    }).data.name;
    fake.removeItem(all[2]);
    fake.removeItem(late);
    fake.approve(all[2]);
    fake.approve(late);
    fake.approve(all[4]); // not removed: nothing changes
    expect(await names('/r/saas/comments')).toEqual([...all].reverse().concat(late));
    expect((await get(`/api/info?id=${all[2]}`)).json.data.children[0].data.body).toBe('comment 2');
    fake.deleteItem(all[3]);
    fake.approve(all[3]);
    expect(await names('/r/all/comments')).not.toContain(all[3]);
    expect((await get(`/api/info?id=${all[3]}`)).json.data.children).toEqual([]);
    expect(() => fake.approve('t1_nothere')).toThrow(/unknown item/);
  });
});

describe('public feeds and the private feed token', () => {
  const token = { token: 'f33d-t0k3n', user: 'earshot_feeder' };
  const read = (fake: FakeReddit, query: string) =>
    fetch(`${fake.url}/r/saas/new/.rss?limit=100${query}`).then(async (res) => ({
      status: res.status,
      text: await res.text(),
    }));

  test.each([
    ['anonymous reads are throttled', token, ['', ''], [200, 429]],
    [
      'token reads are not',
      token,
      ['&feed=f33d-t0k3n&user=earshot_feeder', '&feed=f33d-t0k3n&user=earshot_feeder'],
      [200, 200],
    ],
    [
      'a token read leaves the anonymous slot free',
      token,
      ['&feed=f33d-t0k3n&user=earshot_feeder', ''],
      [200, 200],
    ],
    ['a wrong token is refused', token, ['&feed=wrong&user=earshot_feeder'], [403]],
    ['a wrong user is refused', token, ['&feed=f33d-t0k3n&user=someone'], [403]],
    [
      'without feedToken a token changes nothing',
      undefined,
      ['&feed=x&user=y', '&feed=x&user=y'],
      [200, 429],
    ],
  ])('%s', async (_title, feedToken, queries, statuses) => {
    const { fake } = await start({ feedThrottle: { minIntervalMs: 60_000 }, feedToken });
    fake.addPost({ subreddit: 'SaaS', title: 'in the feed' });
    const answers = [];
    for (const query of queries) answers.push(await read(fake, query));
    expect(answers.map((answer) => answer.status)).toEqual(statuses);
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.text).toContain('<title>in the feed</title>');
      else expect(answer.text).toContain('whoa there, pardner!');
    }
  });
});

describe('search', () => {
  test('every term must occur in title or selftext; newest first; t limits age; restrict_sr', async () => {
    const { fake, get, now, advance } = await client();
    const old = fake.addPost({
      subreddit: 'SaaS',
      title: 'Zendesk pricing',
      createdMs: now() - 7_200_000,
    }).data.name;
    const a = fake.addPost({ subreddit: 'SaaS', title: 'Looking for a zendesk alternative' }).data
      .name;
    advance(1000);
    const b = fake.addPost({
      subreddit: 'startups',
      title: 'Tools',
      selftext: 'We left ZENDESK for something cheaper',
    }).data.name;
    fake.addPost({ subreddit: 'SaaS', title: 'Unrelated' });
    fake.addComment({ subreddit: 'SaaS', body: 'zendesk' });
    const names = async (path: string) =>
      (await get(path)).json.data.children.map((c: any) => c.data.name);
    expect(await names('/search.json?q=zendesk&sort=new&t=all')).toEqual([b, a, old]);
    expect(await names('/search.json?q=zendesk&sort=new&t=hour')).toEqual([b, a]);
    expect(await names('/search.json?q=%22zendesk%22%20AND%20(cheaper)&sort=new')).toEqual([b]);
    expect(await names('/r/saas/search.json?q=zendesk&restrict_sr=1&sort=new&t=day')).toEqual([
      a,
      old,
    ]);
    expect(await names('/r/saas/search?q=zendesk&restrict_sr=1&t=hour')).toEqual([a]);
    expect(await names('/r/saas/search?q=zendesk&restrict_sr=0&t=hour')).toEqual([b, a]);
    const { json } = await get('/search?q=nothing-matches');
    expect(json).toEqual({
      kind: 'Listing',
      data: { after: null, dist: 0, facets: {}, modhash: null, children: [], before: null },
    });
  });
});

describe('firehose', () => {
  test('late items enter r/all minDepth–maxDepth below the newest, after their delay', async () => {
    const { fake } = await start({ clock: Date.now });
    // The firehose inserts what is due on a 50 ms tick: on a loaded machine the tick itself is
    // late, by as much as the event loop is.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const started = Date.now();
    fake.startFirehose({
      commentsPerSecond: 200,
      postsPerSecond: 10,
      late: { share: 0.2, minMs: 0, maxMs: 300, minDepth: 5, maxDepth: 9 },
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    fake.stopFirehose();
    loopDelay.disable();
    const lateTickMs = loopDelay.max / 1e6;
    // Comments once r/all holds more than maxDepth of them (the first ones go to its bottom;
    // at 10 posts/s the posts listing is that short throughout).
    const late = fake
      .items()
      .filter(
        (item) =>
          item.kind === 't1' && item.insertedMs !== undefined && item.insertedMs - started > 300,
      );
    expect(late.length).toBeGreaterThan(10);
    for (const item of late) {
      expect(item.insertedDepth).toBeGreaterThanOrEqual(5);
      expect(item.insertedDepth).toBeLessThanOrEqual(9);
      expect(item.insertedMs! - item.createdMs).toBeLessThan(300 + 100 + lateTickMs);
    }
  });

  test('creates items at the given rates (±10% over 2 s) and plants phrases', async () => {
    const { fake } = await start({ clock: Date.now });
    const from = performance.now();
    fake.startFirehose({
      commentsPerSecond: 100,
      postsPerSecond: 20,
      plant: { phrases: ['zendesk alternative'], rate: 1 },
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    fake.stopFirehose();
    const seconds = (performance.now() - from) / 1000;
    const items = fake.items();
    const count = (kind: string) => items.filter((item) => item.kind === kind).length;
    expect(Math.abs(count('t1') - 100 * seconds)).toBeLessThanOrEqual(10 * seconds);
    expect(Math.abs(count('t3') - 20 * seconds)).toBeLessThanOrEqual(2 * seconds + 1);
    for (const item of items) {
      const text = `${item.title ?? ''} ${item.selftext ?? ''} ${item.body ?? ''}`;
      expect(text).toContain('zendesk alternative');
    }
    const linked = items
      .filter((i) => i.kind === 't1')
      .every((c) => items.some((p) => p.fullname === c.linkId));
    expect(linked).toBe(true);
  });
});

test('fixtures "recent" without the recorded folder serves an empty store', async () => {
  const { fake, names } = await client({
    fixtures: 'recent',
    fixturesDir: '/nonexistent/fixtures',
  });
  expect(fake.items()).toEqual([]);
  expect(await names('/r/all/comments')).toEqual([]);
});

const fixturesPresent = hasSharedFixture(
  DEFAULT_FIXTURES_DIR,
  'the fake Reddit serving the recorded listings (fake-reddit.test.ts)',
);

describe.skipIf(!fixturesPresent)('recorded fixtures as recent items', () => {
  test('recorded items are served recent, byte-identical apart from created times', async () => {
    const { fake, get, now } = await client({ fixtures: 'recent' });
    expect(fake.items().length).toBeGreaterThan(1500);
    const file = readFileSync(
      join(DEFAULT_FIXTURES_DIR, 'comments-new-all-2016-legacy.json'),
      'utf8',
    );
    const recorded = JSON.parse(file).data.children[0].data;
    const { json, text } = await get(`/api/info?id=${recorded.name}`);
    const served = json.data.children[0].data;
    expect(served.created_utc * 1000).toBeGreaterThan(now() - 31 * 60_000);
    expect(served.created - served.created_utc).toBe(28800);
    expect(text).toContain(`"created_utc": ${served.created_utc}.0`);
    const { created: _c, created_utc: _u, ...rest } = recorded;
    const { created: _c2, created_utc: _u2, ...servedRest } = served;
    // The legacy shape has no link_permalink anyway; info drops link_title, link_url, link_author.
    for (const key of ['link_title', 'link_url', 'link_author', 'num_comments', 'over_18'])
      delete rest[key];
    expect(servedRest).toEqual(rest);
    const page = await get('/r/all/new?limit=100');
    expect(page.json.data.children).toHaveLength(100);
    expect(page.text).toContain('", "'); // recorded items keep Reddit's own spacing
  });
});
