import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { ingestionGaps, redditListings } from '../../src/server/db/schema';
import { buildIngestion, waitForReads, within } from '../helpers/ingestion';

// A listing window of 150 items: a worker that is away while 400 posts arrive falls out of it.
const t = await buildIngestion({ fake: { listingWindow: 150 } });

test('falling behind the listing window: reachable items are stored and the gap is recorded with its size', async () => {
  const { client, user } = await t.signedIn();
  await client.post('/api/alerts', { keyword: 'gapword', includeComments: false });
  const first = await t.startWorker();
  const seed = t.fake.addPost({ subreddit: 'gaps', title: 'before the outage' });
  await expect
    .poll(async () => {
      const [row] = await t.db
        .select()
        .from(redditListings)
        .where(and(eq(redditListings.scope, 'all'), eq(redditListings.kind, 'posts')));
      return row?.cursorFullname;
    }, within)
    .toBe(seed.data.name);
  await first.stop();

  const posts = Array.from({ length: 400 }, (_, i) =>
    t.fake.addPost({ subreddit: 'gaps', title: i % 10 === 0 ? `gapword ${i}` : `filler ${i}` }),
  );
  const from = Date.now();
  await t.startWorker();
  await waitForReads(t.fake, /^\/r\/all\/new/, 2, from);

  // The newest 150 are within reach: their 15 matches are stored; the rest is a gap.
  const reachable = posts.slice(-150).filter((p) => String(p.data.title).startsWith('gapword'));
  await expect
    .poll(async () => (await t.mentionsOf(user.id)).length, within)
    .toBe(reachable.length);
  const gaps = await t.db.select().from(ingestionGaps);
  expect(gaps).toHaveLength(1);
  expect(gaps[0].estimatedItems).toBeGreaterThanOrEqual(240);
  expect(gaps[0].estimatedItems).toBeLessThanOrEqual(260);
  const status = (await client.get('/api/ingestion/status')).body;
  expect(status.gapsToday.count).toBe(1);
  const allPosts = status.listings.find(
    (l: { scope: string; kind: string }) => l.scope === 'all' && l.kind === 'posts',
  );
  expect(allPosts.gaps24h.count).toBe(1);
});
