import { and, eq, isNotNull } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { redditListings, redditPostIds } from '../../src/server/db/schema';
import { buildIngestion, waitForReads, within } from '../helpers/ingestion';

const t = await buildIngestion();
const worker = await t.startWorker();
const { client, user } = await t.signedIn();

let alertAdded: Promise<void> | undefined;
/** The site-wide alert, once for the file (either test may run alone). */
const addAlert = () =>
  (alertAdded ??= (async () => {
    await client.post('/api/alerts', { keyword: 'idword', includeComments: false });
    // The alert's one-off search first: it would find the posts anywhere.
    await waitForReads(t.fake, /search/, 1);
  })());

const idOf = (fullname: string) => parseInt(fullname.slice(3), 36);
const allPostsCursor = async () => {
  const [row] = await t.db
    .select({ cursor: redditListings.cursorFullname })
    .from(redditListings)
    .where(and(eq(redditListings.scope, 'all'), eq(redditListings.kind, 'posts')));
  return row?.cursor;
};
/** Adds filler posts to r/all and waits until its listing has read them. */
const fill = async (count: number, label: string) => {
  const fillers = Array.from({ length: count }, (_, i) =>
    t.fake.addPost({ subreddit: 'idfill', title: `${label} ${i}` }),
  );
  await expect.poll(allPostsCursor, within).toBe(fillers.at(-1)!.data.name);
  return fillers;
};
/** Every post id asked for through /api/info since `from`. */
const askedIds = (from: number) =>
  t.fake.requests
    .filter((r) => r.path.startsWith('/api/info') && r.at >= from)
    .flatMap((r) => (r.query.id ?? '').split(','));
const mentionNames = async () => (await t.mentionsOf(user.id)).map((m) => m.itemId).sort();
const postIdsStatus = async () => {
  const status = (await client.get('/api/ingestion/status')).body;
  const all = status.listings.find(
    (l: { scope: string; kind: string }) => l.scope === 'all' && l.kind === 'posts',
  );
  return { caught: all.caught24h, postIds: status.postIds };
};

test('posts r/all never lists are found by id once; deleted and private ids are not; listed ids are never asked for', async () => {
  await addAlert();
  const fillers = await fill(20, 'filler');
  // Let one enumeration start at the cursor, then wait for it to catch up.
  await expect.poll(async () => (await postIdsStatus()).postIds, within).not.toBeNull();
  const from = Date.now();
  const before = await mentionNames();

  t.fake.optOutOfAll('idhidden');
  t.fake.forbidSubreddit('idsecret', 403);
  const optedOut = t.fake.addPost({ subreddit: 'idhidden', title: 'idword opted out' });
  const withheld = t.fake.addPost({
    subreddit: 'idfill',
    title: 'idword withheld',
    unlisted: true,
  });
  const secret = t.fake.addPost({ subreddit: 'idsecret', title: 'idword private' });
  const deleted = t.fake.addPost({ subreddit: 'idfill', title: 'idword deleted' });
  t.fake.deleteItem(deleted.data.name);
  const listed = t.fake.addPost({ subreddit: 'idfill', title: 'idword listed' });
  const newer = await fill(5, 'newer');

  const expected = [...before, optedOut.data.name, withheld.data.name, listed.data.name].sort();
  await expect.poll(mentionNames, within).toEqual(expected);
  await expect.poll(async () => (await postIdsStatus()).postIds?.behindIds, within).toBe(0);
  // Two more whole runs of the enumeration: nothing stored twice, nothing listed asked for.
  await worker.runNow('ingest.post-ids');
  await worker.runNow('ingest.post-ids');
  expect(await mentionNames()).toEqual(expected);
  const asked = new Set(askedIds(from));
  for (const post of [...fillers, ...newer]) expect(asked).not.toContain(post.data.name);
  for (const post of [optedOut, withheld, secret, deleted]) expect(asked).toContain(post.data.name);
  expect(await mentionNames()).not.toContain(secret.data.name);

  const { caught, postIds } = await postIdsStatus();
  expect(caught.byId).toBe(2);
  expect(postIds.found24h).toBe(2);
  expect(postIds.requestsLastHour).toBeGreaterThanOrEqual(1);
  // Deleted and private ids are not asked again: only removed posts wait for a re-check.
  const rechecks = await t.db
    .select()
    .from(redditPostIds)
    .where(isNotNull(redditPostIds.recheckAt));
  expect(rechecks.map((r) => r.id)).not.toContain(idOf(secret.data.name));
  expect(rechecks.map((r) => r.id)).not.toContain(idOf(deleted.data.name));
});

test('a post removed when asked is asked again and found once approved; a gap in the ids is crossed in a few requests', async () => {
  await addAlert();
  await fill(3, 'before removed');
  const pending = t.fake.addPost({ subreddit: 'idfill', title: 'idword pending', unlisted: true });
  t.fake.removeItem(pending.data.name);
  await fill(3, 'after removed');
  const recheckOf = async () => {
    const [row] = await t.db
      .select()
      .from(redditPostIds)
      .where(eq(redditPostIds.id, idOf(pending.data.name)));
    return row;
  };
  await expect.poll(async () => (await recheckOf())?.checks, within).toBe(1);
  expect((await recheckOf())?.recheckAt).not.toBeNull();
  expect(await mentionNames()).not.toContain(pending.data.name);

  // Approved; its re-check (10 minutes on) made due now.
  t.fake.approve(pending.data.name);
  const { caught: before } = await postIdsStatus();
  await t.db
    .update(redditPostIds)
    .set({ recheckAt: new Date() })
    .where(eq(redditPostIds.id, idOf(pending.data.name)));
  await expect.poll(mentionNames, within).toContain(pending.data.name);
  // Settled: no longer waiting (and forgotten once the enumeration has passed it).
  expect((await recheckOf())?.recheckAt ?? null).toBeNull();
  expect((await postIdsStatus()).caught.byId).toBe(before.byId + 1);

  // 20,000 ids Reddit never used, then a post only /api/info shows.
  const from = Date.now();
  t.fake.skipPostIds(20_000);
  const afterGap = t.fake.addPost({
    subreddit: 'idfill',
    title: 'idword after gap',
    unlisted: true,
  });
  await fill(3, 'after gap');
  await expect.poll(mentionNames, within).toContain(afterGap.data.name);
  const requests = t.fake.requests.filter((r) => r.path.startsWith('/api/info') && r.at >= from);
  // Dense reading would take 200 requests; probing at doubling strides about 2 log2(200).
  expect(requests.length).toBeLessThanOrEqual(25);
  expect((await postIdsStatus()).postIds.passedOver24h).toBeGreaterThanOrEqual(15_000);
});
