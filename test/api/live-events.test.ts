import { describe, expect, test } from 'vitest';
import type { LiveEvent } from '../../src/shared/api/live-events';
import { openDatabase } from '../../src/server/db/client';
import { workspaceMembers } from '../../src/server/db/schema';
import { createLiveEventBus } from '../../src/server/live';
import { loadActiveAlerts } from '../../src/server/ingestion/alert-index-sync';
import { storeMatches, type MatchedItem } from '../../src/server/ingestion/store-mentions';
import { compileAlertIndex } from '../../src/server/matching';
import type { RedditItem } from '../../src/server/reddit';
import type { HttpClient } from '../helpers/http-client';
import { eventually } from '../helpers/eventually';
import { redditSourceItem } from '../../src/server/ingestion/reddit-source-item';
import { build } from '../helpers/test-app';

const t = await build({}, { liveHeartbeatMs: 100 });

let items = 0;
const post = (title: string): RedditItem => ({
  fullname: `t3_live${++items}`,
  kind: 'post',
  subreddit: 'saas',
  title,
  body: '',
  permalink: `https://www.reddit.com/r/saas/comments/live${items}/`,
  author: 'someone',
  score: 3,
  commentCount: 0,
  createdAt: new Date(),
  removed: false,
  nsfw: false,
});

/** The matches the worker's index finds for a post, from the alerts as they are now. */
async function matchesOf(item: RedditItem): Promise<MatchedItem[]> {
  const index = compileAlertIndex(await loadActiveAlerts(t.db));
  return index
    .match({
      id: item.fullname,
      kind: 'post',
      subreddit: 'saas',
      title: item.title,
      body: '',
      score: 3,
    })
    .map((m) => ({ alert: index.alert(m.alertId)!, terms: m.terms, item: redditSourceItem(item) }));
}

/** What the worker does with a post its index matched: stores it in one transaction. */
async function ingest(item: RedditItem) {
  const matches = await matchesOf(item);
  return t.db.transaction((tx) => storeMatches(tx, matches, t.clock.now()));
}

/** A tab's stream: its events as they arrive, its comment lines, and whether it has ended. */
async function openStream(client: HttpClient) {
  const cookie = `earshot_session=${client.cookie('earshot_session')}`;
  const response = await fetch(`${t.url}/api/events`, { headers: { cookie } });
  const stream = { response, events: [] as unknown[], comments: 0, ended: false };
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: '' }));
      if (done) break;
      buffer += value;
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop()!;
      for (const block of blocks) {
        if (block.startsWith('data: ')) stream.events.push(JSON.parse(block.slice(6)));
        if (block.startsWith(':')) stream.comments++;
      }
    }
    stream.ended = true;
  })();
  return stream;
}

describe('GET /api/events', () => {
  test('tells each user, once the transaction commits, that their mentions were stored', async () => {
    const ann = await t.signedIn();
    const bob = await t.signedIn();
    await ann.client.post('/api/alerts', { keyword: 'zendesk' });
    await bob.client.post('/api/alerts', { keyword: 'freshdesk' });
    const annTab = await openStream(ann.client);
    const bobTab = await openStream(bob.client);
    expect(annTab.response.status).toBe(200);
    expect(annTab.response.headers.get('content-type')).toMatch(/^text\/event-stream/);

    // A rolled back store says nothing; a committed one says it once, however many mentions.
    const undone = await matchesOf(post('zendesk rollback'));
    await expect(
      t.db.transaction(async (tx) => {
        expect(await storeMatches(tx, undone, t.clock.now())).toMatchObject({ stored: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await ingest(post('zendesk is slow'))).toMatchObject({ stored: 1 });
    await eventually('ann hears of her mention', () => annTab.events.length > 0);

    // Bob's mention comes after Ann's: had Ann's reached him, it would be here first.
    expect(await ingest(post('freshdesk pricing'))).toMatchObject({ stored: 1 });
    await eventually('bob hears of his mention', () => bobTab.events.length > 0);
    expect(bobTab.events).toEqual([{ type: 'mentions' }]);
    expect(annTab.events).toEqual([{ type: 'mentions' }]);
  });

  test('a stream opened just after mentions were stored starts by saying so; later, not', async () => {
    const { client } = await t.signedIn();
    await client.post('/api/alerts', { keyword: 'gorgias' });
    // A tab open before the store hears it as it happens: then the bus knows of it.
    const before = await openStream(client);
    expect(await ingest(post('gorgias for a small shop'))).toMatchObject({ stored: 1 });
    await eventually('the open tab hears of the mention', () => before.events.length > 0);

    // A page loaded meanwhile may have fetched before the store: its stream starts with it.
    const just = await openStream(client);
    await eventually('a heartbeat on the new stream', () => just.comments > 0);
    expect(just.events).toEqual([{ type: 'mentions' }]);

    // Half a minute on, a new page's fetches have it: its stream starts with nothing.
    t.clock.advance(30_000);
    const later = await openStream(client);
    await eventually('a heartbeat on the later stream', () => later.comments > 0);
    expect(later.events).toEqual([]);
  });

  test('beats to keep proxies from closing it, and ends when the session does', async () => {
    const { client } = await t.signedIn();
    const tab = await openStream(client);
    await eventually('a heartbeat', () => tab.comments > 0);
    expect(tab.ended).toBe(false);
    expect((await client.post('/api/logout')).status).toBeLessThan(300);
    await eventually('the stream ends after sign-out', () => tab.ended);
  });

  test('a member hears the team workspace they work in, until they switch away', async () => {
    const owner = await t.signedIn();
    const member = await t.signedIn();
    await t.db
      .insert(workspaceMembers)
      .values({ workspaceId: owner.user.id, userId: member.user.id, role: 'member' });
    await owner.client.post('/api/alerts', { keyword: 'kayako' });
    expect(
      (await member.client.put('/api/user/workspace', { workspaceId: owner.user.id })).status,
    ).toBe(200);
    const tab = await openStream(member.client);
    expect(await ingest(post('kayako alternatives'))).toMatchObject({ stored: 1 });
    await eventually('the member hears of the team’s mention', () => tab.events.length > 0);
    await member.client.put('/api/user/workspace', { workspaceId: member.user.id });
    await eventually('the stream ends after the switch', () => tab.ended);
  });

  test.skipIf(t.database.kind !== 'postgres')(
    'every web process on one PostgreSQL hears what a worker stored',
    async () => {
      // A second web process: its own connection and bus on the same database.
      const other = await openDatabase({ databaseUrl: t.database.url, dataDir: '' });
      const heard: LiveEvent[] = [];
      const bus = createLiveEventBus(other, t.clock, (error) => {
        throw error;
      });
      await bus.start();
      try {
        const { client, user } = await t.signedIn();
        await client.post('/api/alerts', { keyword: 'helpscout' });
        bus.subscribe(user.id, (event) => heard.push(event));
        expect(await ingest(post('helpscout for a small team'))).toMatchObject({ stored: 1 });
        await eventually('the other process hears of the mention', () => heard.length > 0);
        expect(heard).toEqual([{ type: 'mentions' }]);
      } finally {
        await bus.close();
        await other.close();
      }
    },
  );

  test('answers 401 without a session', async () => {
    const response = await fetch(`${t.url}/api/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });
});
