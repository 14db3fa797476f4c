import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { alertBackfills, scoreCandidates } from '../../src/server/db/schema';
import { buildIngestion, waitForReads, within } from '../helpers/ingestion';
import { insertAlert, insertMentions } from '../helpers/mentions';

const t = await buildIngestion();
// Candidates are first re-checked 2 minutes after they appear: the test clock is real, so the
// worker's candidates are made due at once by moving their next check.
const worker = await t.startWorker();

const makeDue = () =>
  t.db.update(scoreCandidates).set({ nextCheckAt: new Date(Date.now() - 1000) });

// A backfill runs in the budget's spare slots, after the live listings have caught up
// (backfill.ts): on a loaded runner that can take longer than the other waits here allow.
const backfillWithin = { ...within, timeout: 40_000 };

const infoReads = () => t.fake.requests.filter((r) => r.path.startsWith('/api/info'));

describe('minScore re-checks', () => {
  test('a post under minScore becomes a mention once when its score reaches it', async () => {
    const { client, user } = await t.signedIn();
    const alert = (await client.post('/api/alerts', { keyword: 'gadgetron', minScore: 10 })).body;
    await waitForReads(t.fake, /^\/r\/all\/new/, 1, Date.now());
    const post = t.fake.addPost({ subreddit: 'SaaS', title: 'Gadgetron is neat', score: 2 });
    await expect
      .poll(
        async () =>
          (await t.db.select().from(scoreCandidates).where(eq(scoreCandidates.alertId, alert.id)))
            .length,
        within,
      )
      .toBe(1);
    expect(await t.mentionsOf(user.id)).toHaveLength(0);

    // Still at 2: re-checked, kept, and its next check moves further away.
    await makeDue();
    await expect
      .poll(() => infoReads().some((r) => r.query.id?.includes(post.data.name)), within)
      .toBe(true);
    const [waiting] = await t.db
      .select()
      .from(scoreCandidates)
      .where(eq(scoreCandidates.alertId, alert.id));
    await expect
      .poll(
        async () =>
          (
            await t.db.select().from(scoreCandidates).where(eq(scoreCandidates.alertId, alert.id))
          )[0]?.checks,
        within,
      )
      .toBe(1);
    expect(waiting).toBeDefined();

    t.fake.setScore(post.data.name, 12);
    await makeDue();
    await expect.poll(async () => (await t.mentionsOf(user.id)).length, within).toBe(1);
    const [mention] = await t.mentionsOf(user.id);
    expect(mention).toMatchObject({ itemId: post.data.name, score: 12, isBackfilled: false });
    expect(
      await t.db.select().from(scoreCandidates).where(eq(scoreCandidates.alertId, alert.id)),
    ).toHaveLength(0);
    // Once: a further re-check stores nothing again.
    await makeDue();
    await worker.runNow('ingest.score-rechecks');
    expect(await t.mentionsOf(user.id)).toHaveLength(1);
  });

  test('young mentions get fresh scores and comment counts; removed and deleted items are marked', async () => {
    const { client, user } = await t.signedIn();
    await client.post('/api/alerts', { keyword: 'refreshword' });
    await waitForReads(t.fake, /^\/r\/all\/new/, 1, Date.now());
    const old = Date.now() - 3600_000;
    const posts = ['kept', 'removed', 'deleted'].map((name) =>
      t.fake.addPost({ subreddit: 'SaaS', title: `refreshword ${name}`, score: 3, createdMs: old }),
    );
    // Inserted an hour late, behind the cursor: read by the overlap re-read.
    await expect
      .poll(async () => (await t.mentionsOf(user.id)).length, { ...within, timeout: 20_000 })
      .toBe(3);
    t.fake.setScore(posts[0].data.name, 40);
    t.fake.removeItem(posts[1].data.name);
    t.fake.deleteItem(posts[2].data.name);
    await expect
      .poll(async () => {
        const rows = await t.mentionsOf(user.id);
        const by = (p: (typeof posts)[number]) => rows.find((m) => m.itemId === p.data.name)!;
        return [
          by(posts[0]).score,
          by(posts[1]).removedAt !== null,
          by(posts[2]).removedAt !== null,
          by(posts[0]).removedAt,
        ];
      }, within)
      .toEqual([40, true, true, null]);
    // Reddit's Public Content Policy: the text of removed and deleted items is gone from
    // storage, the link and the fact of the removal stay.
    const rows = await t.mentionsOf(user.id);
    for (const post of posts.slice(1)) {
      expect(rows.find((m) => m.itemId === post.data.name)).toMatchObject({
        title: '',
        body: '',
        author: '[deleted]',
        subreddit: 'SaaS',
        permalink: `https://www.reddit.com${post.data.permalink}`,
      });
    }
    expect(rows.find((m) => m.itemId === posts[0].data.name)?.title).toBe('refreshword kept');
    const csv = (await client.get('/api/mentions/export.csv')).text;
    expect(csv).toContain('refreshword kept');
    expect(csv).not.toMatch(/refreshword (removed|deleted)/);
    // /api/info answered fewer items than asked: the deleted one was simply missing.
    const asked = infoReads().find((r) => r.query.id?.includes(posts[2].data.name));
    expect(asked?.query.id?.split(',').length).toBeLessThanOrEqual(100);
  });

  test("another site's young mentions are never asked of Reddit, nor marked gone", async () => {
    const { user } = await t.signedIn();
    const alert = await insertAlert(t.db, user.id, 'elsewhere');
    const hourAgo = new Date(Date.now() - 3600_000);
    const [hn] = await insertMentions(t.db, alert, 1, {
      source: 'hackernews',
      itemId: '4242424',
      subreddit: '',
      redditCreatedAt: hourAgo,
    });
    const [sky] = await insertMentions(t.db, alert, 1, {
      source: 'bluesky',
      itemId: 'at://did:plc:abc/app.bsky.feed.post/3k',
      subreddit: '',
      redditCreatedAt: hourAgo,
    });
    // A Reddit mention due in the same run shows the run reached /api/info.
    const [own] = await insertMentions(t.db, alert, 1, {
      itemId: 't3_elsewhere1',
      redditCreatedAt: hourAgo,
    });
    const before = infoReads().length;
    const asked = () =>
      infoReads()
        .slice(before)
        .flatMap((r) => r.query.id?.split(',') ?? []);
    await expect
      .poll(async () => {
        await worker.runNow('ingest.score-rechecks');
        return asked().includes(own.itemId);
      }, within)
      .toBe(true);
    expect(asked()).not.toContain(hn.itemId);
    expect(asked()).not.toContain(sky.itemId);
    const rows = await t.mentionsOf(user.id);
    expect(rows.map((m) => [m.itemId, m.removedAt])).toEqual(
      expect.arrayContaining([
        [hn.itemId, null],
        [sky.itemId, null],
      ]),
    );
  });
});

// Listings that show only their 5 newest items: the week-old posts below are out of their
// reach, so whatever is stored of them comes from the backfill.
const b = await buildIngestion({ fake: { listingWindow: 5 } });
const bWorker = await b.startWorker();
for (let i = 0; i < 10; i++) b.fake.addPost({ subreddit: 'SaaS', title: `filler ${i}` });

describe('backfill of a new or changed alert', { timeout: 60_000 }, () => {
  test('stores only local matches of the past week, at most 25, marked backfilled, never twice', async () => {
    const t = b;
    const now = Date.now();
    const day = 24 * 3600_000;
    for (let i = 0; i < 30; i++) {
      t.fake.addPost({
        subreddit: 'SaaS',
        title: `Backfillword tips ${i}`,
        createdMs: now - day - i * 60_000,
      });
    }
    // Reddit's search finds these too, but they do not match locally or are too old.
    t.fake.addPost({ subreddit: 'SaaS', title: 'backfillword jobs hiring', createdMs: now - day });
    t.fake.addPost({
      subreddit: 'SaaS',
      title: 'backfillword from long ago',
      createdMs: now - 9 * day,
    });
    const { client, user } = await t.signedIn();
    const alert = (await client.post('/api/alerts', { keyword: 'backfillword -jobs' })).body;
    await expect.poll(async () => (await t.mentionsOf(user.id)).length, backfillWithin).toBe(25);
    const stored = await t.mentionsOf(user.id);
    expect(stored.every((m) => m.isBackfilled && /^Backfillword tips/.test(m.title))).toBe(true);
    // The newest 25 of the week.
    expect(stored.map((m) => m.title).sort()).toEqual(
      Array.from({ length: 25 }, (_, i) => `Backfillword tips ${i}`).sort(),
    );
    const searches = () =>
      t.fake.requests.filter((r) => r.path.endsWith('/search') || r.path.endsWith('/search.json'));
    const before = searches().length;
    expect(searches().at(-1)?.query).toMatchObject({ q: 'backfillword', sort: 'new', t: 'week' });

    // Edits that do not change the query, and edits back to a query already searched.
    await client.put(`/api/alerts/${alert.id}`, { digestFrequency: 'email' });
    await client.put(`/api/alerts/${alert.id}`, { keyword: 'backfillword' });
    await expect.poll(() => searches().length, backfillWithin).toBe(before + 1);
    await client.put(`/api/alerts/${alert.id}`, { keyword: 'backfillword -jobs' });
    // A whole run of the backfill job after the edit: it searched nothing.
    await bWorker.runNow('ingest.backfill');
    expect(searches().length).toBe(before + 1);
    // 26: the keyword without "-jobs" also found the hiring post; nothing was stored twice.
    await expect.poll(async () => (await t.mentionsOf(user.id)).length, backfillWithin).toBe(26);
  });

  test('posts newer than the alert are left to the live listings', async () => {
    const t = b;
    // Out of r/all, so that only the search could store it.
    t.fake.optOutOfAll('hiddenplace');
    // A minute ahead: the sign-up and the alert below come before it even on a loaded machine
    // (5 s was outlasted once, and the post then counted as older than the alert).
    t.fake.addPost({
      subreddit: 'hiddenplace',
      title: 'laterword right after',
      createdMs: Date.now() + 60_000,
    });
    t.fake.addPost({
      subreddit: 'hiddenplace',
      title: 'laterword yesterday',
      createdMs: Date.now() - 86_400_000,
    });
    const { client, user } = await t.signedIn();
    const alert = (await client.post('/api/alerts', { keyword: 'laterword' })).body;
    await expect
      .poll(
        async () =>
          (await t.db.select().from(alertBackfills).where(eq(alertBackfills.alertId, alert.id)))[0]
            ?.status,
        backfillWithin,
      )
      .toBe('done');
    expect((await t.mentionsOf(user.id)).map((m) => m.title)).toEqual(['laterword yesterday']);
  });

  test('backfilled posts count toward the Free monthly mentions like any other', async () => {
    const t = b;
    for (let i = 0; i < 10; i++) {
      t.fake.addPost({
        subreddit: 'SaaS',
        title: `Quotaword review ${i}`,
        createdMs: Date.now() - 7200_000 - i * 60_000,
      });
    }
    const { client, user } = await t.signedIn();
    // 46 of the Free plan's 50 this month already stored for another alert.
    const other = await insertAlert(t.db, user.id, 'otherword');
    await insertMentions(t.db, other, 46, { createdAt: new Date() });
    const alert = (await client.post('/api/alerts', { keyword: 'quotaword' })).body;
    await expect
      .poll(async () => (await client.get('/api/stats')).body.skippedMentions, backfillWithin)
      .toBe(6);
    const backfilled = (await t.mentionsOf(user.id)).filter((m) => m.isBackfilled);
    expect(backfilled).toHaveLength(4);
    // The diagnostic page says why the rest of what the search found was not added.
    const monitoring = (await client.get(`/api/alerts/${alert.id}/monitoring`)).body;
    expect(monitoring.backfill).toMatchObject({ status: 'done', stored: 4, overQuota: 6 });
  });

  test('a subreddit alert searches only its subreddits; a failing search is retried later', async () => {
    const t = b;
    t.fake.addPost({
      subreddit: 'startups',
      title: 'sidewordz launch',
      createdMs: Date.now() - 3600_000,
    });
    t.fake.addPost({
      subreddit: 'SaaS',
      title: 'sidewordz elsewhere',
      createdMs: Date.now() - 3600_000,
    });
    t.fake.injectFaults([{ match: '/search$', kind: 'status', status: 500, times: 1 }]);
    const { client, user } = await t.signedIn();
    const alert = (
      await client.post('/api/alerts', { keyword: 'sidewordz', subreddits: 'startups' })
    ).body;
    await expect
      .poll(
        async () =>
          (await t.db.select().from(alertBackfills).where(eq(alertBackfills.alertId, alert.id)))[0],
        backfillWithin,
      )
      .toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringMatching(/500/) });
    // Retried a minute later: moved forward here instead of waiting.
    await t.db
      .update(alertBackfills)
      .set({ nextAttemptAt: new Date() })
      .where(eq(alertBackfills.alertId, alert.id));
    await expect
      .poll(async () => (await t.mentionsOf(user.id)).map((m) => m.title), backfillWithin)
      .toEqual(['sidewordz launch']);
    const search = t.fake.requests.filter((r) => /\/r\/startups\/search/.test(r.path)).at(-1);
    expect(search?.query).toMatchObject({ restrict_sr: '1', q: 'sidewordz' });
  });
});
