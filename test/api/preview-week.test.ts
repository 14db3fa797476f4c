import { describe, expect, test } from 'vitest';
import { RecentItemWindow } from '../../src/server/preview';
import { buildIngestion } from '../helpers/ingestion';

// A web-only process (no window) with Reddit credentials: the preview is Reddit's past week.
const t = await buildIngestion();
// A process that reads and previews, started a minute ago: its window holds a minute.
const window = new RecentItemWindow({ spanMs: 3_600_000, now: () => Date.now() });
const both = await buildIngestion({ recentItems: window });
const day = 86_400_000;
for (const days of [1, 2, 3]) {
  t.fake.addPost({
    subreddit: 'SaaS',
    title: `Zendesk alternatives, take ${days}?`,
    selftext: 'Too pricey for us.',
    createdMs: Date.now() - days * day,
  });
}
t.fake.addPost({ subreddit: 'SaaS', title: 'Zendesk in 2019', createdMs: Date.now() - 30 * day });

const searches = () => t.fake.requests.filter((r) => r.path.endsWith('/search')).length;

describe('the volume preview from the past week', () => {
  test("is Reddit's search re-checked by the matcher, cached per query", async () => {
    const { client } = await t.signedIn();
    const res = await client.post('/api/alerts/preview', { keyword: 'zendesk -hiring' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      basis: 'week',
      week: { matches: 3, capped: false, perDay: 0.4 },
      // Three in a week are too few to tell a pace from.
      estimate: { matches: 3, confidence: 'too-few' },
    });
    expect(res.body.examples.map((e: { title: string }) => e.title)).toEqual([
      'Zendesk alternatives, take 1?',
      'Zendesk alternatives, take 2?',
      'Zendesk alternatives, take 3?',
    ]);
    const before = searches();
    await client.post('/api/alerts/preview', { keyword: 'zendesk -hiring' });
    expect(searches()).toBe(before);
  });

  test('Reddit failing leaves a 200 without the week', async () => {
    const { client } = await t.signedIn();
    t.fake.injectFaults([{ match: '/search$', kind: 'status', status: 500, times: 3 }]);
    const res = await client.post('/api/alerts/preview', { keyword: 'freshdesk' });
    t.fake.clearFaults();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ basis: 'unavailable', week: null, examples: [] });
  });

  test("a minute's matches that outnumber the week's search say no pace, not the week's none", async () => {
    for (const n of [1, 2]) {
      window.add({
        id: `t3_fresh${n}`,
        kind: 'post',
        subreddit: 'SaaS',
        title: `Helpscout pricing question ${n}`,
        body: 'Anyone moved?',
        score: 1,
        author: `founder${n}`,
      });
    }
    const { client } = await both.signedIn();
    const res = await client.post('/api/alerts/preview', { keyword: 'helpscout' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      basis: 'window',
      matches: 2,
      perDay: null,
      // Not the week's estimate of 0 ("None lately"): two matches were just read.
      estimate: null,
      week: { matches: 0, capped: false },
    });
  });
});
