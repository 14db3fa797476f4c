import pino from 'pino';
import { afterAll, describe, expect, test } from 'vitest';
import { createRedditClients } from '../../src/server/clients';
import { startFakeReddit } from '../fakes/reddit';
import { build } from '../helpers/test-app';

// What users set off on Reddit (the volume preview's week search, Run API Test, backfills)
// draws from a fifth of the request budget, each user an equal part of it, and the listings
// keep the rest. The clock is fixed and moved by hand: 0.7 s a request, just over the
// budget's pace, so no request waits for its slot.

const fake = await startFakeReddit({ rateLimit: { limit: 100_000, windowSeconds: 600 } });
afterAll(() => fake.stop());
const t = await build({
  REDDIT_CLIENT_ID: 'fake-client-id',
  REDDIT_CLIENT_SECRET: 'fake-client-secret',
  REDDIT_API_BASE: fake.url,
  REDDIT_AUTH_BASE: fake.url,
});
// A worker's client on the same database: the same budget row as the app's.
const { reddit: workerReddit } = createRedditClients({
  config: t.config,
  database: t.database,
  clock: t.clock,
  log: pino({ level: 'silent' }),
});
fake.addPost({
  subreddit: 'SaaS',
  title: 'Zendesk alternatives?',
  createdMs: Date.now() - 3600_000,
});

const searches = () => fake.requests.filter((r) => /\/search(\.json)?$/.test(r.path)).length;
const listings = () => fake.requests.filter((r) => /^\/r\/all\/new(\.json)?$/.test(r.path)).length;

describe('the interactive share of the Reddit budget', () => {
  test('8 free accounts hammering the preview stay within a fifth of the budget; the listings still read; each user is told how long to wait', async () => {
    const accounts = [];
    for (let i = 0; i < 8; i++) accounts.push(await t.signedIn());
    const statuses = new Map<number, number[]>();
    const refusals = [];
    for (let round = 0; round < 4; round++) {
      for (const [i, { client }] of accounts.entries()) {
        t.clock.advance(700);
        const res = await client.post('/api/alerts/preview', { keyword: `zendesk u${i}r${round}` });
        statuses.set(i, [...(statuses.get(i) ?? []), res.status]);
        if (res.status === 429) refusals.push(res);
      }
      // Polling goes on: a live read is served at once, whatever users asked.
      t.clock.advance(700);
      const before = listings();
      await workerReddit!.listing('/r/all/new', { limit: 100 });
      expect(listings()).toBe(before + 1);
    }
    // 20 a minute at most (of ~97): here 8 users × an equal part of 2.
    expect(searches()).toBe(16);
    for (const own of statuses.values()) expect(own).toEqual([200, 200, 429, 429]);
    const [first] = refusals;
    const wait = Number(first.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(30);
    expect(wait).toBeLessThanOrEqual(60);
    expect(first.body.message).toBe(
      `You have used your part of Reddit’s request budget for this minute (everyone shares it). Please try again in ${wait} seconds.`,
    );

    // The next minute, the share is there again.
    t.clock.advance(60_000);
    const again = await accounts[0].client.post('/api/alerts/preview', { keyword: 'zendesk next' });
    expect(again.status).toBe(200);
    expect(again.body.week).not.toBeNull();
  });
});
