import pino from 'pino';
import { expect, test } from 'vitest';
import { buildIngestion, within } from '../helpers/ingestion';

// Limited mode with the private feed token from reddit.com/prefs/feeds.
const TOKEN = 'f33dt0k3n-secret_0123456789abcdef';
const USER = 'earshot_feeder';
// The fake throttles anonymous feed reads to one per 5 s, as Reddit does per address; the
// token lifts that for its user's feeds.
const t = await buildIngestion({
  fake: { feedThrottle: { minIntervalMs: 5000 }, feedToken: { token: TOKEN, user: USER } },
  env: {
    REDDIT_CLIENT_ID: '',
    REDDIT_CLIENT_SECRET: '',
    REDDIT_RSS_SECONDS: '1',
    REDDIT_FEED_TOKEN: TOKEN,
    REDDIT_FEED_USER: USER,
  },
});
// Everything the worker logs, at the most detailed level.
const logged: string[] = [];
await t.startWorker({
  log: pino({ level: 'trace' }, { write: (line: string) => logged.push(line) }),
});

const feedReads = () => t.fake.requests.filter((r) => r.path.endsWith('.rss'));

test('every feed request carries the feed token and its user; neither is ever logged', async () => {
  const { client, user } = await t.signedIn();
  await client.post('/api/alerts', { keyword: 'tokenword', subreddits: 'SaaS' });
  await expect.poll(() => feedReads().length, within).toBeGreaterThanOrEqual(2);
  // Failures log the request: a 403 block page, a 500 and a broken feed.
  t.fake.injectFaults([
    { match: 'saas[^/]*/new/\\.rss$', kind: 'status', status: 403, times: 1 },
    { match: 'saas[^/]*/new/\\.rss$', kind: 'status', status: 500, times: 1 },
    { match: 'saas[^/]*/new/\\.rss$', kind: 'truncated', times: 1 },
  ]);
  const post = t.fake.addPost({ subreddit: 'SaaS', title: 'tokenword with a token' });
  await expect
    .poll(async () => (await t.mentionsOf(user.id)).map((m) => m.itemId), {
      ...within,
      timeout: 30_000,
    })
    .toEqual([post.data.name]);

  expect(feedReads().length).toBeGreaterThanOrEqual(5);
  for (const read of feedReads()) {
    expect(read.query).toMatchObject({ feed: TOKEN, user: USER, limit: '100' });
  }
  // Read about every second, never throttled: only the injected faults failed.
  expect(feedReads().filter((r) => r.status === 429)).toEqual([]);
  const times = feedReads().map((r) => r.at);
  expect(times.some((at, i) => i > 0 && at - times[i - 1] < 5000)).toBe(true);
  expect(logged.length).toBeGreaterThan(0);
  expect(logged.some((line) => line.includes('feed read failed'))).toBe(true);
  const all = logged.join('\n');
  expect(all).not.toContain(TOKEN);
  expect(all).not.toContain(USER);

  // The dashboard says which limited mode runs.
  const status = (await client.get('/api/ingestion/status')).body;
  expect(status).toMatchObject({ mode: 'no-credentials', feedToken: true });
}, 45_000);
