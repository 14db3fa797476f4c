import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mentions, sourceReads } from '../../src/server/db/schema';
import type { Worker } from '../../src/server/worker';
import { startFakeHackerNews } from '../fakes/hackernews/server';
import { startFakeJetstream } from '../fakes/jetstream/server';
import { eventually } from '../helpers/eventually';
import { buildIngestion, waitForReads } from '../helpers/ingestion';
import { buildSourcesWorker } from '../helpers/sources-worker';
import { build, RealTimeClock } from '../helpers/test-app';

// Replies tracked (DESIGN §9): a comment by the user's identity in the thread of one of their
// mentions, seen in the reads Earshot makes anyway, marks the mention replied by them.

const within = { timeout: 15_000, interval: 50 };

type Listed = {
  title: string;
  hasReplied: boolean;
  repliedBy: { userId: number } | null;
  reply: {
    permalink: string;
    createdAt: string;
    detected: true;
    score: number | null;
    replies: number | null;
    removedAt: string | null;
  } | null;
};

const firstReply = async (client: {
  get: (path: string) => Promise<{ body: { items: Listed[] } }>;
}) => (await client.get('/api/mentions')).body.items[0]?.reply;

describe('on Hacker News and Bluesky', async () => {
  const hn = await startFakeHackerNews();
  const jetstream = await startFakeJetstream();
  const t = await build(
    {
      SOURCES: 'hackernews,bluesky',
      REDDIT_ENABLED: 'false',
      HN_API_BASE: hn.url,
      BLUESKY_JETSTREAM_URL: jetstream.url,
    },
    { clock: new RealTimeClock() },
  );
  const workers: Worker[] = [];
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await Promise.all([hn.stop(), jetstream.stop()]);
  });
  const worker = buildSourcesWorker(t);
  beforeAll(async () => {
    await worker.start();
    workers.push(worker);
    await eventually('a first Hacker News read', async () =>
      (await t.db.select().from(sourceReads)).some((r) => r.lastReadAt),
    );
    await eventually('the Jetstream connection', () => jetstream.clients === 1);
  });

  test("a reply by the HN username marks the story and its comments replied; anyone else's does not", async () => {
    const me = await t.signedIn();
    const other = await t.signedIn();
    await me.client.post('/api/alerts', { keyword: 'acmewidget' });
    await other.client.post('/api/alerts', { keyword: 'acmewidget' });
    const saved = await me.client.put('/api/user/identities', { hackernews: '@MyHnName' });
    expect(saved.body.identities).toEqual({ reddit: null, hackernews: 'MyHnName', bluesky: null });

    const story = hn.addStory({ title: 'Show HN: Acmewidget', by: 'founder' });
    const question = hn.addComment({ parent: story.id, text: 'is acmewidget free?', by: 'asker' });
    await expect
      .poll(async () => (await me.client.get('/api/mentions')).body.items.length, within)
      .toBe(2);
    hn.addComment({ parent: question.id, text: 'unrelated words', by: 'someone' });
    // The user's own reply, two levels down, in lower case: names compare without case.
    const reply = hn.addComment({ parent: question.id, text: 'Yes, it is free', by: 'myhnname' });

    await expect
      .poll(async () => {
        const items: Listed[] = (await me.client.get('/api/mentions')).body.items;
        return items.map((m) => m.hasReplied);
      }, within)
      .toEqual([true, true]);
    const items: Listed[] = (await me.client.get('/api/mentions')).body.items;
    for (const m of items) {
      expect(m.repliedBy).toMatchObject({ userId: me.user.id });
      expect(m.reply).toMatchObject({
        permalink: `https://news.ycombinator.com/item?id=${reply.id}`,
        detected: true,
      });
    }
    // A comment under the reply is counted among its replies (HN gives comments no score).
    hn.addComment({ parent: reply.id, text: 'thanks!', by: 'asker' });
    await expect.poll(async () => (await firstReply(me.client))?.replies, within).toBe(1);
    expect((await firstReply(me.client))?.score).toBeNull();
    // The other account has the same mentions and no identity there: nothing changes for it.
    const theirs: Listed[] = (await other.client.get('/api/mentions')).body.items;
    expect(theirs.map((m) => [m.hasReplied, m.reply])).toEqual([
      [false, null],
      [false, null],
    ]);
  });

  test('a Bluesky reply by the handle, its DID known from the stream, marks the post replied', async () => {
    const me = await t.signedIn();
    await me.client.post('/api/alerts', { keyword: 'skywidget' });
    await me.client.put('/api/user/identities', { bluesky: 'me.bsky.social' });
    jetstream.identity('did:plc:mine', 'me.bsky.social');
    const root = jetstream.post('did:plc:someone', 'Has anyone tried skywidget?');
    await expect
      .poll(async () => (await me.client.get('/api/mentions')).body.items.length, within)
      .toBe(1);
    const mine = jetstream.post('did:plc:mine', 'We built it, ask away', {
      root: root.uri,
      parent: root.uri,
    });
    await expect
      .poll(async () => (await me.client.get('/api/mentions')).body.items[0].hasReplied, within)
      .toBe(true);
    const [post]: Listed[] = (await me.client.get('/api/mentions')).body.items;
    expect(post.reply?.permalink).toMatch(/^https:\/\/bsky\.app\/profile\/did:plc:mine\/post\//);
    expect(post.repliedBy).toMatchObject({ userId: me.user.id });
    expect(post.reply).toMatchObject({ replies: 0, removedAt: null });

    // Replies to the reply are counted; a deleted reply is kept, marked, still replied.
    jetstream.post('did:plc:someone', 'Thanks, that helps', { root: root.uri, parent: mine.uri });
    await expect.poll(async () => (await firstReply(me.client))?.replies, within).toBe(1);
    jetstream.deletePost('did:plc:mine', mine.rkey);
    await expect
      .poll(async () => (await firstReply(me.client))?.removedAt ?? null, within)
      .not.toBeNull();
    const [after]: Listed[] = (await me.client.get('/api/mentions')).body.items;
    expect(after.hasReplied).toBe(true);
    expect(after.reply).toMatchObject({ replies: 1, permalink: post.reply!.permalink });
  });
});

describe('on Reddit', async () => {
  const t = await buildIngestion();
  const worker = await t.startWorker();
  afterAll(() => worker.stop());

  test("a comment by the Reddit username in the post's thread marks the post replied", async () => {
    const { client, user } = await t.signedIn();
    await client.post('/api/alerts', { keyword: 'redwidget', includeComments: true });
    await client.put('/api/user/identities', { reddit: 'u/My_Reddit' });
    await waitForReads(t.fake, /^\/r\/all\/comments/, 1, Date.now());
    const post = t.fake.addPost({
      subreddit: 'SaaS',
      title: 'Looking for a redwidget',
      author: 'op',
    });
    await expect
      .poll(async () => (await client.get('/api/mentions')).body.items.length, within)
      .toBe(1);
    t.fake.addComment({
      subreddit: 'SaaS',
      body: 'Try ours',
      linkId: post.data.name,
      author: 'my_reddit',
    });
    await expect
      .poll(async () => (await client.get('/api/mentions')).body.items[0].hasReplied, within)
      .toBe(true);
    const [mention]: Listed[] = (await client.get('/api/mentions')).body.items;
    expect(mention.repliedBy).toMatchObject({ userId: user.id });
    expect(mention.reply?.permalink).toMatch(/^https:\/\/www\.reddit\.com\/r\/SaaS\/comments\//);
  });

  test("the reply's score and replies are followed, and its deletion marked, for 48 hours", async () => {
    const { client } = await t.signedIn();
    await client.post('/api/alerts', { keyword: 'bluewidget', includeComments: true });
    await client.put('/api/user/identities', { reddit: 'founder_fan' });
    await waitForReads(t.fake, /^\/r\/all\/comments/, 1, Date.now());
    const post = t.fake.addPost({
      subreddit: 'SaaS',
      title: 'Any bluewidget users?',
      author: 'op',
    });
    await expect
      .poll(async () => (await client.get('/api/mentions')).body.items.length, within)
      .toBe(1);
    const reply = t.fake.addComment({
      subreddit: 'SaaS',
      body: 'We do, happily',
      linkId: post.data.name,
      author: 'founder_fan',
      score: 1,
    });
    await expect.poll(async () => (await firstReply(client))?.score, within).toBe(1);
    // Read in the comment listings: a comment under the reply, counted once.
    t.fake.addComment({
      subreddit: 'SaaS',
      body: 'how long have you used it?',
      linkId: post.data.name,
      parentId: reply.data.name,
    });
    await expect.poll(async () => (await firstReply(client))?.replies, within).toBe(1);
    // The re-checks (/api/info, in their budget share) bring its score, once due.
    const makeDue = () =>
      t.db
        .update(mentions)
        .set({ replyRefreshedAt: new Date(Date.now() - 3_600_000) })
        .where(eq(mentions.replyItemId, reply.data.name));
    t.fake.setScore(reply.data.name, 14);
    await makeDue();
    await worker.runNow('ingest.score-rechecks');
    await expect.poll(async () => (await firstReply(client))?.score, within).toBe(14);
    // Deleted on Reddit: kept, marked, the mention still replied.
    t.fake.removeItem(reply.data.name);
    await makeDue();
    await worker.runNow('ingest.score-rechecks');
    await expect
      .poll(async () => (await firstReply(client))?.removedAt ?? null, within)
      .not.toBeNull();
    const [mention]: Listed[] = (await client.get('/api/mentions')).body.items;
    expect(mention).toMatchObject({ hasReplied: true, reply: { score: 14, replies: 1 } });
  });
});
