import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, test } from 'vitest';
import { buildIngestion, within } from '../helpers/ingestion';

// No credentials: Reddit's public Atom feeds, one request per REDDIT_RSS_SECONDS (1 s here).
const t = await buildIngestion({
  env: { REDDIT_CLIENT_ID: '', REDDIT_CLIENT_SECRET: '', REDDIT_RSS_SECONDS: '1' },
});
await t.startWorker();

const feedReads = () => t.fake.requests.filter((r) => r.path.endsWith('.rss'));
const SITE_WIDE = 'Site-wide monitoring needs Reddit API credentials — see the README';

describe('limited mode without Reddit API credentials', () => {
  test('a subreddit alert gets its post and comment mentions from the feeds', async () => {
    // The budget paces reads as they are sent; the fake, in this process, records them as they
    // arrive. A read sent on time arrives late by as much as this process's event loop stalls
    // (under the full suite one gap once came to 190 ms): the longest stall is the allowance.
    const stalls = monitorEventLoopDelay({ resolution: 10 });
    stalls.enable();
    const { client, user } = await t.signedIn();
    await client.post('/api/alerts', { keyword: 'feedword', subreddits: 'SaaS, startups' });
    await expect.poll(() => feedReads().length, within).toBeGreaterThanOrEqual(2);
    const post = t.fake.addPost({
      subreddit: 'SaaS',
      title: 'Feedword & friends',
      selftext: 'We <3 it.\n\nSecond paragraph.',
      score: 1,
    });
    const comment = t.fake.addComment({
      subreddit: 'startups',
      body: 'feedword works for us',
      linkTitle: 'Tools?',
    });
    await expect.poll(async () => (await t.mentionsOf(user.id)).length, within).toBe(2);
    const stored = await t.mentionsOf(user.id);
    expect(stored.find((m) => m.itemId === post.data.name)).toMatchObject({
      title: 'Feedword & friends',
      body: 'We <3 it.\n\nSecond paragraph.',
      subreddit: 'SaaS',
      isComment: false,
    });
    expect(stored.find((m) => m.itemId === comment.data.name)).toMatchObject({
      title: 'Tools?',
      body: 'feedword works for us',
      isComment: true,
    });
    // Only feeds, never the API, and no token requested; at most one feed read per second.
    expect(
      t.fake.requests.some((r) => r.path.includes('access_token') || r.path.includes('.json')),
    ).toBe(false);
    stalls.disable();
    const allowance = stalls.max / 1e6;
    const times = feedReads().map((r) => r.at);
    for (let i = 1; i < times.length; i++)
      expect(times[i] - times[i - 1], `with ${allowance} ms of stalls`).toBeGreaterThanOrEqual(
        950 - allowance,
      );
    expect(
      feedReads().every((r) => r.headers['user-agent'] === 'earshot-test/1.0 (integration tests)'),
    ).toBe(true);
  });

  test('a site-wide alert is stored but not monitored, and says why', async () => {
    const { client } = await t.signedIn();
    const alert = (await client.post('/api/alerts', { keyword: 'everywhereword' })).body;
    expect((await client.get(`/api/alerts/error-info/${alert.id}`)).body).toMatchObject({
      status: 'error',
      lastError: SITE_WIDE,
    });
    const status = (await client.get('/api/ingestion/status')).body;
    expect(status).toMatchObject({
      mode: 'no-credentials',
      feedSeconds: 1,
      siteWideUnmonitored: 1,
      listings: [],
    });
    expect((await client.get('/api/reddit-access')).body).toEqual({
      mode: 'no-credentials',
      feedSeconds: 1,
    });
    expect(t.fake.requests.some((r) => r.path.startsWith('/r/all'))).toBe(false);
  });

  test('a site-wide alert takes nothing from the feed read for another alert’s subreddit', async () => {
    const { client, user } = await t.signedIn();
    await client.post('/api/alerts', { keyword: 'sharedfeedword', subreddits: 'sharedsub' });
    await client.post('/api/alerts', { keyword: 'sharedfeedword' });
    const before = feedReads().length;
    await expect.poll(() => feedReads().length, within).toBeGreaterThan(before);
    const post = t.fake.addPost({ subreddit: 'sharedsub', title: 'sharedfeedword here', score: 1 });
    await expect
      .poll(async () => (await t.mentionsOf(user.id)).map((m) => m.itemId), within)
      .toEqual([post.data.name]);
    // Two more reads of the feed: still only the subreddit alert's mention.
    const after = feedReads().length;
    await expect.poll(() => feedReads().length, within).toBeGreaterThanOrEqual(after + 2);
    expect(await t.mentionsOf(user.id)).toHaveLength(1);
  });

  test('a truncated feed, an HTML block page and a 403 are recorded and survived', async () => {
    const { client, user } = await t.signedIn();
    const alert = (
      await client.post('/api/alerts', { keyword: 'faultword', subreddits: 'faultsub' })
    ).body;
    await expect
      .poll(() => feedReads().filter((r) => r.path.includes('faultsub')).length, within)
      .toBeGreaterThan(0);
    t.fake.injectFaults([
      { match: 'faultsub[^/]*/new/\\.rss$', kind: 'truncated', times: 1 },
      { match: 'faultsub[^/]*/new/\\.rss$', kind: 'malformed', times: 1 },
      { match: 'faultsub[^/]*/new/\\.rss$', kind: 'status', status: 403, times: 1 },
    ]);
    const post = t.fake.addPost({ subreddit: 'faultsub', title: 'faultword survives' });
    await expect
      .poll(
        async () => (await client.get(`/api/alerts/error-info/${alert.id}`)).body.lastError,
        within,
      )
      .toMatch(/not valid XML|403/);
    expect((await client.get(`/api/alerts/error-info/${alert.id}`)).body.status).toBe('error');
    await expect
      .poll(async () => (await t.mentionsOf(user.id)).map((m) => m.itemId), {
        ...within,
        timeout: 30_000,
      })
      .toEqual([post.data.name]);
    await expect
      .poll(
        async () => (await client.get(`/api/alerts/error-info/${alert.id}`)).body.status,
        within,
      )
      .toBe('active');
  }, 45_000);
});
