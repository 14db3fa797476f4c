import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { mentions, sourceReads } from '../../src/server/db/schema';
import type { Worker } from '../../src/server/worker';
import { startFakeHackerNews } from '../fakes/hackernews/server';
import { startFakeJetstream } from '../fakes/jetstream/server';
import { startFakeLobsters } from '../fakes/lobsters/server';
import { buildSourcesWorker } from '../helpers/sources-worker';
import { build, RealTimeClock } from '../helpers/test-app';

const within = { timeout: 15_000, interval: 50 };

const hn = await startFakeHackerNews();
const lobsters = await startFakeLobsters();
const jetstream = await startFakeJetstream();
const t = await build(
  {
    SOURCES: 'reddit,hackernews,lobsters,bluesky',
    REDDIT_ENABLED: 'false',
    HN_API_BASE: hn.url,
    LOBSTERS_BASE: lobsters.url,
    BLUESKY_JETSTREAM_URL: jetstream.url,
  },
  { clock: new RealTimeClock() },
);
const workers: Worker[] = [];
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await Promise.all([hn.stop(), lobsters.stop(), jetstream.stop()]);
});

/** A worker reading the three fakes (test/helpers/sources-worker.ts), started. */
async function startWorker() {
  const worker = buildSourcesWorker(t);
  await worker.start();
  workers.push(worker);
  return worker;
}

type ApiMention = {
  source: string;
  community: string;
  subreddit: string;
  title: string;
  body: string;
  author: string;
  permalink: string;
  isComment: boolean;
  removedAt: string | null;
};

const listed = async (client: Awaited<ReturnType<typeof t.signedIn>>['client'], query = '') =>
  (await client.get(`/api/mentions?limit=200${query}`)).body.items as ApiMention[];

/**
 * Hacker News and Lobsters have been read once (a first read only sets where reading starts)
 * and Jetstream is connected.
 */
async function sitesStarted() {
  await expect
    .poll(
      async () => (await t.db.select().from(sourceReads)).filter((r) => r.lastReadAt).length,
      within,
    )
    .toBeGreaterThanOrEqual(2);
  await expect.poll(() => jetstream.clients, within).toBe(1);
}

const worker = await startWorker();

describe('Hacker News, Lobsters and Bluesky, read with no keys', () => {
  test('a keyword saved with no sites named hears all four, site-wide, with each site on its card', async () => {
    const { client } = await t.signedIn();
    const created = await client.post('/api/alerts', { keyword: 'zendesk' });
    expect(created.status).toBe(201);
    expect(created.body.sources).toEqual(['reddit', 'hackernews', 'lobsters', 'bluesky']);
    await sitesStarted();

    const story = hn.addStory({ title: 'Show HN: a Zendesk alternative', by: 'pg' });
    hn.addComment({
      parent: story.id,
      text: 'We left <i>Zendesk</i> &amp; never looked back',
      by: 'tptacek',
    });
    const lob = lobsters.addStory({
      title: 'Self-hosting zendesk-like helpdesks',
      tags: ['rust', 'web'],
    });
    lobsters.addComment(lob, 'zendesk pricing is wild');
    jetstream.identity('did:plc:alice', 'alice.bsky.social');
    jetstream.post('did:plc:alice', 'Anyone moved off Zendesk?');

    await expect
      .poll(
        async () => (await listed(client)).map((m) => `${m.source} ${m.isComment}`).sort(),
        within,
      )
      .toEqual([
        'bluesky false',
        'hackernews false',
        'hackernews true',
        'lobsters false',
        'lobsters true',
      ]);
    const items = await listed(client);
    const bySite = (source: string) => items.filter((m) => m.source === source);
    expect(bySite('hackernews')).toHaveLength(2);
    const hnComment = bySite('hackernews').find((m) => m.isComment)!;
    // The comment takes its story's title; its HTML is plain text.
    expect(hnComment).toMatchObject({
      title: 'Show HN: a Zendesk alternative',
      body: 'We left Zendesk & never looked back',
      author: 'tptacek',
      subreddit: '',
      community: '',
    });
    expect(hnComment.permalink).toMatch(/^https:\/\/news\.ycombinator\.com\/item\?id=\d+$/);
    expect(bySite('lobsters')).toHaveLength(2);
    // A story's first tag names where it was posted, as on its card: "Lobsters · rust".
    expect(bySite('lobsters')[0].community).toBe('rust');
    expect(bySite('lobsters')[0].permalink).toMatch(/^https:\/\/lobste\.rs\//);
    const [post] = bySite('bluesky');
    expect(post).toMatchObject({ author: 'alice.bsky.social', subreddit: '', isComment: false });
    expect(post.permalink).toMatch(/^https:\/\/bsky\.app\/profile\/did:plc:alice\/post\//);

    // The list and the CSV export filter by site.
    expect((await listed(client, '&source=hn')).map((m) => m.source)).toEqual([
      'hackernews',
      'hackernews',
    ]);
    const csv = await client.get('/api/mentions/export.csv?source=lobsters');
    expect(csv.status).toBe(200);
    expect(String(csv.text).trim().split('\n')).toHaveLength(3);

    const status = (await client.get('/api/ingestion/status')).body;
    const line = (source: string) =>
      status.sources.find((s: { source: string }) => s.source === source);
    expect(line('hackernews')).toMatchObject({ state: 'ok', caught24h: 2, lastError: null });
    expect(line('bluesky')).toMatchObject({ state: 'ok', caught24h: 1 });
    expect(line('reddit').state).toBe('off');
  });

  test('a keyword hears only its sites, and source: narrows the query', async () => {
    const { client } = await t.signedIn();
    const hnOnly = await client.post('/api/alerts', { keyword: 'freshdesk', sources: ['hn'] });
    expect(hnOnly.body.sources).toEqual(['hackernews']);
    await client.post('/api/alerts', { keyword: 'intercom -source:bluesky' });
    // Limited to subreddits: Reddit alone unless it says otherwise.
    const subs = await client.post('/api/alerts', { keyword: 'helpscout', subreddits: 'SaaS' });
    expect(subs.body.sources).toEqual(['reddit']);
    await sitesStarted();

    hn.addStory({ title: 'Freshdesk and Intercom compared' });
    jetstream.post('did:plc:bob', 'freshdesk or intercom? also helpscout');
    const lob = lobsters.addStory({ title: 'Intercom outage write-up, helpscout too' });
    lobsters.addComment(lob, 'freshdesk here');

    // The HN story matches two keywords (listed once, with both); the Lobsters story the one
    // that hears Lobsters; the Bluesky post none: one hears HN only, one says -source:bluesky,
    // one is limited to a subreddit. The Lobsters comment's keyword hears HN only.
    await expect.poll(async () => (await listed(client)).length, within).toBe(2);
    const items = (await listed(client)) as (ApiMention & { keywords: string[] })[];
    expect(items.map((m) => m.source).sort()).toEqual(['hackernews', 'lobsters']);
    // A keyword that hears Hacker News alone was checked when Hacker News was last read.
    const listedAlerts = (await client.get('/api/alerts')).body as {
      id: number;
      lastPolledAt: string | null;
      lastError: string | null;
    }[];
    expect(listedAlerts.find((a) => a.id === hnOnly.body.id)).toMatchObject({ lastError: null });
    expect(listedAlerts.find((a) => a.id === hnOnly.body.id)!.lastPolledAt).not.toBeNull();
    expect(items.find((m) => m.source === 'hackernews')!.keywords.sort()).toEqual([
      'freshdesk',
      'intercom -source:bluesky',
    ]);
  });

  test('a Bluesky delete marks the mention removed; a dropped connection loses and doubles nothing', async () => {
    const { client } = await t.signedIn();
    await client.post('/api/alerts', { keyword: 'kustomer', sources: ['bluesky'] });
    await sitesStarted();
    const first = jetstream.post('did:plc:carol', 'kustomer is fine');
    await expect.poll(async () => (await listed(client)).length, within).toBe(1);

    jetstream.dropConnections();
    // Posted while no one listens: replayed from the stored cursor once the reader is back.
    for (let i = 0; i < 5; i++) jetstream.post('did:plc:carol', `kustomer again ${i}`);
    jetstream.deletePost('did:plc:carol', first.rkey);
    await expect.poll(async () => (await listed(client)).length, within).toBe(6);
    await expect
      .poll(async () => (await listed(client)).filter((m) => m.removedAt !== null).length, within)
      .toBe(1);
    expect(jetstream.connections.length).toBeGreaterThanOrEqual(2);
    const stored = await t.db.select().from(mentions).where(eq(mentions.source, 'bluesky'));
    expect(new Set(stored.map((m) => `${m.alertId}:${m.itemId}`)).size).toBe(stored.length);
  });

  test('a failing site shows on the status line in words, and reading resumes where it stopped', async () => {
    const { client } = await t.signedIn();
    await client.post('/api/alerts', { keyword: 'gorgias', sources: ['hackernews'] });
    await sitesStarted();
    hn.injectFaults([{ match: '^/v0/maxitem', kind: 'status', status: 503, times: 1000 }]);
    const story = hn.addStory({ title: 'Gorgias raises prices' });
    const line = async () =>
      (await client.get('/api/ingestion/status')).body.sources.find(
        (s: { source: string }) => s.source === 'hackernews',
      );
    await expect.poll(async () => (await line()).state, within).toBe('failing');
    expect((await line()).lastError).toBe('Hacker News answered 503');
    hn.clearFaults();
    await expect.poll(async () => (await listed(client)).length, within).toBe(1);
    expect((await listed(client))[0].permalink).toContain(String(story.id));
    expect((await line()).state).toBe('ok');
  });

  test("a young Hacker News story's score and comments are refreshed; a killed one is removed", async () => {
    const { client } = await t.signedIn();
    await client.post('/api/alerts', { keyword: 'helpwise', sources: ['hackernews'] });
    await sitesStarted();
    const kept = hn.addStory({ title: 'Helpwise review', score: 1 });
    const killed = hn.addStory({ title: 'Helpwise giveaway', score: 1 });
    await expect.poll(async () => (await listed(client)).length, within).toBe(2);
    hn.update(kept.id, { score: 57, descendants: 12 });
    hn.update(killed.id, { dead: true });
    const mentionOf = async (id: number) =>
      (await listed(client)).find((m) => m.permalink.endsWith(`=${id}`)) as
        (ApiMention & { score: number; commentCount: number }) | undefined;
    await expect.poll(async () => (await mentionOf(kept.id))?.score, within).toBe(57);
    expect((await mentionOf(kept.id))?.commentCount).toBe(12);
    await expect
      .poll(async () => (await mentionOf(killed.id))?.removedAt ?? null, within)
      .not.toBeNull();
  });

  test('unknown sites are refused by name, in the body and in the query', async () => {
    const { client } = await t.signedIn();
    const bad = await client.post('/api/alerts', { keyword: 'x', sources: ['myspace'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Unknown site "myspace"');
    const query = await client.post('/api/alerts', { keyword: 'x source:myspace' });
    expect(query.status).toBe(400);
    expect(query.body.message).toContain('source:myspace');
    const none = await client.post('/api/alerts', { keyword: 'x', sources: [] });
    expect(none.status).toBe(400);
    expect((await client.get('/api/mentions?source=friendster')).status).toBe(400);
    void worker;
  });
});
