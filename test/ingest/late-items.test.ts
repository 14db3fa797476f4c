import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { ingestionGaps, redditListings } from '../../src/server/db/schema';
import { buildIngestion, waitForReads, within } from '../helpers/ingestion';

// Random comment ids on (Reddit's announced change): nothing below may depend on ids growing.
const t = await buildIngestion({ fake: { randomCommentIds: true } });
// Only the sweep may find late items: the one-page overlap read is kept out of the way.
await t.startWorker({ pollSettings: { overlapMs: 3600_000, sweepMinPeriodMs: 300 } });

const allListing = async (kind: 'posts' | 'comments') => {
  const [row] = await t.db
    .select()
    .from(redditListings)
    .where(and(eq(redditListings.scope, 'all'), eq(redditListings.kind, kind)));
  return row;
};

test('the sweep finds items inserted late at several depths behind the cursor, each once; one beyond Reddit’s window stays unseen', async () => {
  const { client, user } = await t.signedIn();
  const from = Date.now();
  await client.post('/api/alerts', { keyword: 'lateword', includeComments: false });
  // The alert's one-off search first: it would find the late posts anywhere, window or not.
  await waitForReads(t.fake, /search/, 1, from);
  // 900 posts created over the last 15 minutes, one a second, all read before the late ones.
  const start = Date.now() - 1000 * 1000;
  const fillers = Array.from({ length: 900 }, (_, i) =>
    t.fake.addPost({ subreddit: 'late', title: `filler ${i}`, createdMs: start + i * 1000 }),
  );
  await expect
    .poll(async () => (await allListing('posts'))?.cursorFullname, within)
    .toBe(fillers.at(-1)!.data.name);

  const postsStatus = async () => {
    const status = (await client.get('/api/ingestion/status')).body;
    expect(status.gapsToday.count).toBe(0);
    return status.listings.find(
      (l: { scope: string; kind: string }) => l.scope === 'all' && l.kind === 'posts',
    );
  };
  const total = async () => {
    const { caught24h } = await postsStatus();
    return caught24h.live + caught24h.sweep;
  };
  // The first read takes the newest 100; a sweep pass finds the 800 behind it.
  await expect.poll(total, within).toBe(900);
  // Inserted now, placed by creation time 150, 400 and 750 items deep, and one 950 deep after
  // 100 more posts push it past the 1,000-item window (never served).
  const lateAt = (depth: number, label: string) =>
    t.fake.addPost({
      subreddit: 'late',
      title: `lateword ${label}`,
      createdMs: start + (899 - depth) * 1000 + 500,
    });
  const found = [lateAt(150, 'a'), lateAt(400, 'b'), lateAt(750, 'c')];
  const beyond = lateAt(899, 'beyond');
  for (let i = 0; i < 100; i++) t.fake.addPost({ subreddit: 'late', title: `newer ${i}` });

  await expect
    .poll(async () => (await t.mentionsOf(user.id)).map((m) => m.redditId).sort(), within)
    .toEqual(found.map((p) => p.data.name).sort());
  // Several more passes: nothing is stored twice, nothing counted twice as caught late.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const mentions = await t.mentionsOf(user.id);
  expect(mentions).toHaveLength(3);
  expect(mentions.map((m) => m.redditId)).not.toContain(beyond.data.name);

  // Every item counted once: the 900 (all but the first page of them found by the sweep,
  // behind the first read), the 3 late ones and the 100 newer; the oldest 4 left the window.
  await expect.poll(total, within).toBe(1003);
  await expect
    .poll(async () => (await postsStatus()).lateCheckedBackSeconds, within)
    .toBeGreaterThan(60);
  const { caught24h } = await postsStatus();
  expect(caught24h.sweep).toBeGreaterThanOrEqual(803);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect((await postsStatus()).caught24h).toEqual(caught24h);
});

test('random comment ids through a whole run: every matching comment stored once, no gap', async () => {
  const { client, user } = await t.signedIn();
  await client.post('/api/alerts', { keyword: 'randomword', includeComments: true });
  const post = t.fake.addPost({ subreddit: 'rand', title: 'a thread' });
  const first = t.fake.addComment({ subreddit: 'rand', linkId: post.data.name, body: 'first' });
  // From the listing's first read on: what came before it is not this test's business.
  await expect
    .poll(async () => (await allListing('comments'))?.cursorFullname, within)
    .toBe(first.data.name);
  const expected: string[] = [];
  for (let batch = 0; batch < 6; batch++) {
    for (let i = 0; i < 60; i++) {
      // 36 matches: within the Free plan's 50 a month.
      const matching = i % 10 === 0;
      const comment = t.fake.addComment({
        subreddit: 'rand',
        linkId: post.data.name,
        body: matching ? `randomword ${batch}/${i}` : `chatter ${batch}/${i}`,
      });
      if (matching) expected.push(comment.data.name);
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
  // The ids really are random: not in creation order.
  const ids = expected.map((name) => parseInt(name.slice(3), 36));
  expect(ids.some((id, i) => i > 0 && id < ids[i - 1])).toBe(true);
  await expect
    .poll(async () => (await t.mentionsOf(user.id)).map((m) => m.redditId).sort(), within)
    .toEqual([...expected].sort());
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(await t.mentionsOf(user.id)).toHaveLength(expected.length);
  const comments = await allListing('comments');
  const gaps = await t.db
    .select()
    .from(ingestionGaps)
    .where(eq(ingestionGaps.listingId, comments.id));
  expect(gaps).toHaveLength(0);
});
