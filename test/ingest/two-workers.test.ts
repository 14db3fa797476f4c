import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { users } from '../../src/server/db/schema';
import { eventually } from '../helpers/eventually';
import { buildIngestion, waitForReads, within } from '../helpers/ingestion';

const t = await buildIngestion();

test('two workers on one database share the listings and store every planted item once', async () => {
  const { client, user } = await t.signedIn();
  // Pro: no monthly mention limit gets in the way of counting.
  await t.db.update(users).set({ planType: 'pro' }).where(eq(users.id, user.id));
  await client.post('/api/alerts', { keyword: 'twinword' });
  await client.post('/api/alerts', { keyword: 'twinword', subreddits: 'twinsub,othersub' });
  const agents = ['earshot-test/worker-a', 'earshot-test/worker-b'];
  for (const userAgent of agents) {
    await t.startWorker({
      ownConnection: true,
      // Reads start at the cursor: a re-read behind it asks a `before` again by design, and this
      // test counts each `before` as one page fetched by one worker.
      pollSettings: { rereadItems: 0 },
      redditTuning: {
        client: { userAgent, backoffMs: 20, maxBackoffMs: 200, timeoutMs: 1500 },
        budget: { limit: 100_000, windowMs: 60_000 },
      },
    });
  }
  await waitForReads(t.fake, /^\/r\/all\/comments/);
  await waitForReads(t.fake, /^\/r\/twinsub\+othersub\/new|^\/r\/othersub\+twinsub\/new/);
  const start = Date.now();
  t.fake.startFirehose({
    commentsPerSecond: 40,
    postsPerSecond: 10,
    subreddits: ['twinsub', 'othersub', 'elsewhere', 'misc'],
    plant: { phrases: ['twinword'], rate: 0.2 },
  });
  const plantedSoFar = () =>
    t.fake
      .items()
      .filter((item) => item.createdMs >= start)
      .filter((item) =>
        /twinword/i.test(`${item.title ?? ''} ${item.selftext ?? ''} ${item.body ?? ''}`),
      );
  const readBy = (agent: string) =>
    t.fake.requests.some(
      (r) => r.at >= start && r.path.startsWith('/r/') && r.headers['user-agent'] === agent,
    );
  // Until enough is planted and both workers have taken part (about 3 s at these rates; longer
  // on a loaded machine, where one worker may hold every listing for a while).
  await eventually(
    '31 planted items, read by both workers',
    () => plantedSoFar().length > 30 && agents.every(readBy),
    { timeoutMs: 30_000 },
  );
  t.fake.stopFirehose();

  const planted = plantedSoFar();
  expect(planted.length).toBeGreaterThan(30);
  // Site-wide alert: every planted item; restricted alert: those in its two subreddits.
  const restricted = planted.filter((item) => ['twinsub', 'othersub'].includes(item.subreddit));
  await expect
    .poll(async () => (await t.mentionsOf(user.id)).length, { ...within, timeout: 20_000 })
    .toBe(planted.length + restricted.length);
  const stored = await t.mentionsOf(user.id);
  const pairs = new Set(stored.map((m) => `${m.alertId}:${m.itemId}`));
  expect(pairs.size).toBe(stored.length);
  expect(new Set(stored.map((m) => m.itemId))).toEqual(new Set(planted.map((p) => p.fullname)));

  // Both workers read listings, and no listing page was fetched by both at once: every
  // `before` cursor of a listing was asked for by one worker only.
  const reads = t.fake.requests.filter((r) => r.at >= start && r.path.startsWith('/r/'));
  for (const agent of agents) {
    expect(reads.some((r) => r.headers['user-agent'] === agent)).toBe(true);
  }
  const askedBy = new Map<string, Set<string>>();
  for (const r of reads.filter((r) => r.query.before)) {
    const key = `${r.path} ${r.query.before}`;
    if (!askedBy.has(key)) askedBy.set(key, new Set());
    askedBy.get(key)!.add(r.headers['user-agent'] ?? '');
  }
  expect([...askedBy.values()].filter((set) => set.size > 1)).toEqual([]);
}, 60_000);
