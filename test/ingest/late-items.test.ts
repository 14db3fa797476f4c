import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { ingestionGaps, redditListings } from '../../src/server/db/schema';
import { buildIngestion, waitForReads, within } from '../helpers/ingestion';

// Random comment ids on (Reddit's announced change): nothing below may depend on ids growing.
const t = await buildIngestion({ fake: { randomCommentIds: true } });
await t.startWorker();

const allListing = async (kind: 'posts' | 'comments') => {
  const [row] = await t.db
    .select()
    .from(redditListings)
    .where(and(eq(redditListings.scope, 'all'), eq(redditListings.kind, kind)));
  return row;
};

test('items Reddit shows late, a few dozen below the newest (below the cursor), are found once at several depths by the re-read; a post deeper than it by id', async () => {
  const { client, user } = await t.signedIn();
  const from = Date.now();
  await client.post('/api/alerts', { keyword: 'lateword', includeComments: false });
  // The alert's one-off search first: it would find the late posts anywhere.
  await waitForReads(t.fake, /search/, 1, from);
  const fillers = Array.from({ length: 300 }, (_, i) =>
    t.fake.addPost({ subreddit: 'late', title: `filler ${i}` }),
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
  // The post-id enumeration starts at the cursor: let it start before the late posts arrive.
  await expect
    .poll(async () => (await client.get('/api/ingestion/status')).body.postIds, within)
    .not.toBeNull();
  const before = (await postsStatus()).caught24h;
  // Created an hour ago (id and created_utc), shown now 1, 20 and 45 below the newest, where
  // the cursor is: only a read that starts behind the cursor can see them.
  const lateAt = (depth: number, label: string) =>
    t.fake.addPost({
      subreddit: 'late',
      title: `lateword ${label}`,
      createdMs: Date.now() - 3600_000,
      lateDepth: depth,
    });
  const found = [lateAt(1, 'a'), lateAt(20, 'b'), lateAt(45, 'c')];
  const deeper = lateAt(150, 'deeper');
  for (let i = 0; i < 10; i++) t.fake.addPost({ subreddit: 'late', title: `newer ${i}` });

  // The one deeper than the re-read is a post: the post-id enumeration asks for it.
  const all = [...found, deeper].map((p) => p.data.name).sort();
  await expect
    .poll(async () => (await t.mentionsOf(user.id)).map((m) => m.itemId).sort(), within)
    .toEqual(all);
  // Several more reads, each starting behind the cursor: nothing stored or counted twice.
  await waitForReads(t.fake, /^\/r\/all\/new/, 2, Date.now());
  expect(await t.mentionsOf(user.id)).toHaveLength(4);

  const status = await postsStatus();
  // The 3 late ones caught by the re-read behind the cursor (in the turn that moved the cursor
  // past them, before the enumeration may ask), the 10 newer by the live read, the deeper one
  // by id.
  expect(status.caught24h.reread - before.reread).toBe(3);
  expect(status.caught24h.live - before.live).toBe(10);
  expect(status.caught24h.byId - before.byId).toBe(1);
  expect(status.lateCheckedBackItems).toBeGreaterThanOrEqual(45);
  await waitForReads(t.fake, /^\/r\/all\/new/, 2, Date.now());
  expect((await postsStatus()).caught24h).toEqual(status.caught24h);
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
    // Batches spread over several reads (input pacing, not a wait for anything).
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
  // The ids really are random: not in creation order.
  const ids = expected.map((name) => parseInt(name.slice(3), 36));
  expect(ids.some((id, i) => i > 0 && id < ids[i - 1])).toBe(true);
  await expect
    .poll(async () => (await t.mentionsOf(user.id)).map((m) => m.itemId).sort(), within)
    .toEqual([...expected].sort());
  // Two more reads: nothing stored twice.
  await waitForReads(t.fake, /^\/r\/all\/comments/, 2, Date.now());
  expect(await t.mentionsOf(user.id)).toHaveLength(expected.length);
  const comments = await allListing('comments');
  const gaps = await t.db
    .select()
    .from(ingestionGaps)
    .where(eq(ingestionGaps.listingId, comments.id));
  expect(gaps).toHaveLength(0);
});
