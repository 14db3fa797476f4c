import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { mentions, redditListings } from '../../src/server/db/schema';
import { buildIngestion, TEST_USER_AGENT, waitForReads, within } from '../helpers/ingestion';

const t = await buildIngestion();
await t.startWorker();

describe('ingestion from the fake Reddit', () => {
  test('a matching post and comment become mentions within seconds, each once', async () => {
    const { client, user } = await t.signedIn();
    const alert = (await client.post('/api/alerts', { keyword: 'zendesk' })).body;
    // Wait for the first read of r/all so the items below arrive after the cursor.
    await waitForReads(t.fake, /^\/r\/all\/new/);
    const post = t.fake.addPost({
      subreddit: 'SaaS',
      title: 'Looking for a Zendesk alternative',
      selftext: 'We are a team of 5 & growing',
      author: 'founder42',
      score: 7,
    });
    const comment = t.fake.addComment({
      subreddit: 'startups',
      body: 'We moved off zendesk last year.',
      linkTitle: 'Which support tools do you use?',
    });
    await expect.poll(async () => (await t.mentionsOf(user.id)).length, within).toBe(2);
    const stored = await t.mentionsOf(user.id);
    const storedPost = stored.find((m) => m.itemId === post.data.name);
    expect(storedPost).toMatchObject({
      alertId: alert.id,
      subreddit: 'SaaS',
      title: 'Looking for a Zendesk alternative',
      body: 'We are a team of 5 & growing',
      author: 'founder42',
      score: 7,
      isComment: false,
      matchedKeyword: 'zendesk',
    });
    expect(storedPost?.permalink).toMatch(/^https:\/\/www\.reddit\.com\/r\/SaaS\/comments\//);
    const storedComment = stored.find((m) => m.itemId === comment.data.name);
    expect(storedComment).toMatchObject({
      isComment: true,
      title: 'Which support tools do you use?',
      body: 'We moved off zendesk last year.',
    });
    // Later reads (and overlap re-reads) store nothing twice.
    const reads = t.fake.requests.length;
    await expect.poll(() => t.fake.requests.length, within).toBeGreaterThan(reads + 5);
    expect(await t.mentionsOf(user.id)).toHaveLength(2);
    const apiReads = t.fake.requests.filter((r) => r.path.startsWith('/r/'));
    expect(apiReads.every((r) => r.headers['user-agent'] === TEST_USER_AGENT)).toBe(true);
    expect(apiReads.every((r) => /^bearer \S+$/i.test(r.headers.authorization ?? ''))).toBe(true);
  });
});

/** The cursor of the site-wide posts listing, once it has one. */
async function allNewCursor() {
  const [row] = await t.db
    .select()
    .from(redditListings)
    .where(and(eq(redditListings.scope, 'all'), eq(redditListings.kind, 'posts')));
  return row?.cursorFullname ?? null;
}

async function alertFor(keyword: string, extra: Record<string, unknown> = {}) {
  const session = await t.signedIn();
  const res = await session.client.post('/api/alerts', { keyword, ...extra });
  expect(res.status).toBe(201);
  await waitForReads(t.fake, /^\/r\/all\/new/, 1, Date.now());
  return { ...session, alert: res.body };
}

describe('faults are survived', () => {
  test('429 storms, 500s, timeouts, truncated and malformed JSON: retried, nothing lost or repeated', async () => {
    const { user } = await alertFor('freshdesk');
    t.fake.injectFaults([
      {
        match: '^/r/all/new$',
        kind: 'status',
        status: 429,
        times: 4,
        headers: { 'retry-after': '0' },
      },
      { match: '^/r/all/new$', kind: 'status', status: 500, times: 2 },
      { match: '^/r/all/new$', kind: 'status', status: 503, times: 1 },
      { match: '^/r/all/new$', kind: 'timeout', times: 2 },
      { match: '^/r/all/new$', kind: 'truncated', times: 2 },
      { match: '^/r/all/new$', kind: 'malformed', times: 2 },
    ]);
    const posts = [1, 2, 3].map((n) =>
      t.fake.addPost({ subreddit: 'support', title: `Freshdesk question ${n}` }),
    );
    await expect
      .poll(async () => (await t.mentionsOf(user.id)).length, { ...within, timeout: 30_000 })
      .toBe(3);
    expect((await t.mentionsOf(user.id)).map((m) => m.itemId).sort()).toEqual(
      posts.map((p) => p.data.name).sort(),
    );
    // The failures were seen, and the status is healthy again once Reddit answers (the
    // alert's backfill search may have stored the posts while the listing still met faults).
    const served429 = () =>
      t.fake.requests.filter((r) => /^\/r\/all\/new/.test(r.path) && r.status === 429).length;
    await expect.poll(served429, { ...within, timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await expect
      .poll(
        async () => {
          const [listing] = await t.db
            .select()
            .from(redditListings)
            .where(and(eq(redditListings.scope, 'all'), eq(redditListings.kind, 'posts')));
          return listing.lastError;
        },
        { ...within, timeout: 30_000 },
      )
      .toBeNull();
  }, 90_000);

  test('an expired token (401) is renewed once and the read goes on', async () => {
    const { user } = await alertFor('renewword');
    const tokensBefore = t.fake.requests.filter((r) => r.path === '/api/v1/access_token').length;
    t.fake.injectFaults([{ match: '^/r/all/new$', kind: 'invalid-token', times: 1 }]);
    const post = t.fake.addPost({ subreddit: 'support', title: 'renewword here' });
    await expect
      .poll(async () => (await t.mentionsOf(user.id)).map((m) => m.itemId), within)
      .toEqual([post.data.name]);
    // The alert's backfill search may store the post before the listing meets the fault.
    const tokens = () => t.fake.requests.filter((r) => r.path === '/api/v1/access_token').length;
    await expect.poll(tokens, within).toBe(tokensBefore + 1);
  });

  test('unreadable children are skipped and counted; the rest of the page is stored', async () => {
    const { user } = await alertFor('skipword');
    t.fake.injectFaults([
      {
        match: '^/r/all/new$',
        kind: 'status',
        status: 200,
        times: 1,
        body: JSON.stringify({
          kind: 'Listing',
          data: {
            after: null,
            dist: 2,
            children: [
              { kind: 't3', data: { name: 't3_zzzzzz1', title: 42 } },
              { kind: 't5', data: { name: 't5_2qh1i' } },
            ],
          },
        }),
      },
    ]);
    const post = t.fake.addPost({ subreddit: 'support', title: 'skipword after junk' });
    await expect
      .poll(async () => (await t.mentionsOf(user.id)).map((m) => m.itemId), within)
      .toEqual([post.data.name]);
    // The alert's backfill search may store the post before the listing meets the junk page.
    const skipped = async () => {
      const [listing] = await t.db
        .select()
        .from(redditListings)
        .where(and(eq(redditListings.scope, 'all'), eq(redditListings.kind, 'posts')));
      return listing.itemsSkipped;
    };
    await expect.poll(skipped, within).toBeGreaterThanOrEqual(2);
  });

  test('[deleted] authors are stored as such; [removed] bodies match nothing', async () => {
    const { user } = await alertFor('helpscout');
    const post = t.fake.addPost({
      subreddit: 'saas',
      title: 'Helpscout pricing',
      author: '[deleted]',
    });
    t.fake.addComment({ subreddit: 'saas', body: '[removed]', linkId: post.data.name });
    await expect.poll(async () => (await t.mentionsOf(user.id)).length, within).toBe(1);
    const [stored] = await t.mentionsOf(user.id);
    expect(stored).toMatchObject({ itemId: post.data.name, author: '[deleted]' });
  });

  test('a cursor item that Reddit removed does not stop the listing', async () => {
    const { user } = await alertFor('intercom');
    const marker = t.fake.addPost({ subreddit: 'misc', title: 'just a post' });
    await expect.poll(allNewCursor, within).toBe(marker.data.name);
    t.fake.removeItem(marker.data.name);
    const post = t.fake.addPost({ subreddit: 'saas', title: 'Intercom alternatives?' });
    await expect
      .poll(async () => (await t.mentionsOf(user.id)).map((m) => m.itemId), within)
      .toEqual([post.data.name]);
  });

  test('items Reddit inserts late, behind the cursor, are caught by the overlap read', async () => {
    const { user } = await alertFor('kustomer');
    const marker = t.fake.addPost({ subreddit: 'misc', title: 'another post' });
    await expect.poll(allNewCursor, within).toBe(marker.data.name);
    const late = t.fake.addPost({
      subreddit: 'saas',
      title: 'Kustomer review',
      createdMs: Date.now() - 20_000,
    });
    await expect
      .poll(async () => (await t.mentionsOf(user.id)).map((m) => m.itemId), within)
      .toEqual([late.data.name]);
  });

  test('ids out of order within a page are all stored', async () => {
    const { user } = await alertFor('gorgias');
    const now = Date.now();
    const newer = t.fake.addPost({
      subreddit: 'alpha',
      title: 'gorgias one',
      createdMs: now - 2000,
    });
    const older = t.fake.addPost({
      subreddit: 'bravo',
      title: 'gorgias two',
      createdMs: now - 4000,
    });
    const newest = t.fake.addPost({ subreddit: 'charlie', title: 'gorgias three', createdMs: now });
    await expect.poll(async () => (await t.mentionsOf(user.id)).length, within).toBe(3);
    expect((await t.mentionsOf(user.id)).map((m) => m.itemId).sort()).toEqual(
      [newer, older, newest].map((p) => p.data.name).sort(),
    );
  });

  test('NUL characters in Reddit text are stripped before storage', async () => {
    const { user } = await alertFor('frontapp');
    t.fake.addPost({ subreddit: 'saas', title: 'frontapp\u0000 vs others', selftext: 'a\u0000b' });
    await expect.poll(async () => (await t.mentionsOf(user.id)).length, within).toBe(1);
    const [stored] = await t.mentionsOf(user.id);
    expect(stored.title).toBe('frontapp vs others');
    expect(stored.body).toBe('ab');
  });
});

describe('subreddit listings', () => {
  test('a private (403) and a banned (404) subreddit are found and named on their alert; the others are unaffected', async () => {
    t.fake.forbidSubreddit('hiddenclub', 403);
    t.fake.forbidSubreddit('gonesub', 404);
    const { client, user } = await t.signedIn();
    const blocked = (
      await client.post('/api/alerts', { keyword: 'crm', subreddits: 'hiddenclub,gonesub' })
    ).body;
    const fine = (await client.post('/api/alerts', { keyword: 'crm', subreddits: 'opentalk' }))
      .body;
    // opentalk items also reach r/all here, so a post there is found either way.
    const post = t.fake.addPost({ subreddit: 'opentalk', title: 'Which CRM do you use?' });
    await expect
      .poll(async () => (await t.mentionsOfAlert(fine.id)).map((m) => m.itemId), within)
      .toEqual([post.data.name]);
    await expect
      .poll(async () => {
        const alerts = (await client.get('/api/alerts')).body as {
          id: number;
          lastError: string | null;
        }[];
        return alerts.find((a) => a.id === blocked.id)?.lastError;
      }, within)
      .toMatch(/r\/(hiddenclub|gonesub)/);
    const info = await client.get(`/api/alerts/error-info/${blocked.id}`);
    expect(info.body.status).toBe('error');
    const status = (await client.get('/api/ingestion/status')).body;
    expect(status.inaccessibleSubreddits).toEqual(
      expect.arrayContaining([
        { name: 'hiddenclub', access: 'forbidden' },
        { name: 'gonesub', access: 'not-found' },
      ]),
    );
    expect(await t.mentionsOf(user.id)).toHaveLength(1);
  });
});

describe('coverage status', () => {
  test("lists the user's listings with their health and the request budget", async () => {
    const { client, alert } = await alertFor('status-check-keyword');
    await expect
      .poll(async () => (await client.get('/api/alerts')).body[0]?.lastPolledAt, within)
      .not.toBeNull();
    const status = await client.get('/api/ingestion/status');
    expect(status.status).toBe(200);
    expect(status.body.mode).toBe('oauth');
    const allPosts = status.body.listings.find(
      (l: { scope: string; kind: string }) => l.scope === 'all' && l.kind === 'posts',
    );
    expect(allPosts).toMatchObject({ lastError: null, gaps24h: { count: 0, estimatedItems: 0 } });
    expect(Date.parse(allPosts.lastSuccessAt)).toBeGreaterThan(Date.now() - 30_000);
    expect(status.body.budget.limit).toBe(100_000);
    expect(status.body.budget.used).toBeGreaterThan(0);
    expect(status.body.client).toMatchObject({ lastError: null });
    const listed = (await client.get('/api/alerts')).body[0];
    expect(listed.id).toBe(alert.id);
    expect(Date.parse(listed.nextPollAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await t.client().get('/api/ingestion/status')).status).toBe(401);
  });
});

describe('plan limits', () => {
  test('a Free user past the monthly mentions gets nothing stored; the skipped matches are counted', async () => {
    const { client, user, alert } = await alertFor('quotakeyword');
    await t.db.insert(mentions).values(
      Array.from({ length: 49 }, (_, i) => ({
        alertId: alert.id,
        workspaceId: user.id,
        itemId: `t3_old${i}`,
        subreddit: 'xsub',
        permalink: 'https://www.reddit.com/r/x/comments/1/',
        redditCreatedAt: new Date(),
        matchedKeyword: 'quotakeyword',
      })),
    );
    for (const n of [1, 2, 3]) t.fake.addPost({ subreddit: 'quotas', title: `quotakeyword ${n}` });
    await expect
      .poll(async () => (await client.get('/api/stats')).body.skippedMentions, within)
      .toBe(2);
    const stats = (await client.get('/api/stats')).body;
    expect(stats.monthMentions).toBe(50);
    expect(await t.mentionsOf(user.id)).toHaveLength(50);
  });
});
