import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeHackerNews, type FakeHackerNews } from '../../../../test/fakes/hackernews/server';
import { createJsonGetter } from '../get-json';
import { createHackerNewsClient } from './client';
import { createHackerNewsReader, START_CURSOR, type HackerNewsCursor } from './reader';

let fake: FakeHackerNews;
beforeAll(async () => {
  fake = await startFakeHackerNews();
});
afterAll(() => fake.stop());

const reader = (options: { concurrency?: number; maxTries?: number; maxBatch?: number } = {}) => {
  const getJson = createJsonGetter({
    site: 'Hacker News',
    timeoutMs: 300,
    retries: 2,
    backoffMs: 5,
  });
  const client = createHackerNewsClient({ baseUrl: fake.url, getJson });
  return createHackerNewsReader({ client, now: () => new Date(), ...options });
};

/** A cursor at the fake's newest id, as a first read leaves it. */
const startHere = async () => (await reader().read(START_CURSOR)).cursor;

describe('reading Hacker News', () => {
  test('a first read starts at the newest id; then every new id is read once, comments titled by their story', async () => {
    const first = await reader().read(START_CURSOR);
    expect(first.items).toEqual([]);
    expect(first.cursor).toEqual({ lastId: fake.maxItem, retry: [] });

    const story = fake.addStory({
      title: 'Ask HN: zendesk alternatives?',
      text: 'We pay too much',
    });
    const reply = fake.addComment({ parent: story.id, text: 'Try <i>helpscout</i>' });
    const nested = fake.addComment({ parent: reply.id, text: 'freshdesk too' });
    const read = await reader().read(first.cursor);
    expect(read.items.map((i) => [i.id, i.kind, i.title, i.body])).toEqual([
      [String(story.id), 'post', 'Ask HN: zendesk alternatives?', 'We pay too much'],
      [String(reply.id), 'comment', 'Ask HN: zendesk alternatives?', 'Try helpscout'],
      [String(nested.id), 'comment', 'Ask HN: zendesk alternatives?', 'freshdesk too'],
    ]);
    expect(read.cursor).toEqual({ lastId: nested.id, retry: [] });
    expect((await reader().read(read.cursor)).items).toEqual([]);
  });

  test('a comment on an older story walks the parent chain once, then the cache answers', async () => {
    const story = fake.addStory({ title: 'Old thread' });
    const top = fake.addComment({ parent: story.id, text: 'top' });
    const cursor = { lastId: top.id, retry: [] };
    const r = reader();
    const replies = [1, 2, 3].map((n) => fake.addComment({ parent: top.id, text: `reply ${n}` }));
    const before = fake.requests.length;
    const read = await r.read(cursor);
    expect(read.items.map((i) => i.title)).toEqual(['Old thread', 'Old thread', 'Old thread']);
    // maxitem, three replies, then `top` and `story` once for the whole thread.
    expect(fake.requests.length - before).toBe(1 + replies.length + 2);
  });

  test('an id that answers null below maxitem is asked again until it propagates; nothing is lost', async () => {
    const cursor = await startHere();
    const late = fake.addStory({ title: 'late zendesk story' });
    const next = fake.addStory({ title: 'on time' });
    fake.holdBack(late.id);
    const r = reader();
    const first = await r.read(cursor);
    expect(first.items.map((i) => i.title)).toEqual(['on time']);
    expect(first.cursor).toEqual({ lastId: next.id, retry: [{ id: late.id, tries: 1 }] });
    fake.release(late.id);
    const second = await r.read(first.cursor);
    expect(second.items.map((i) => i.title)).toEqual(['late zendesk story']);
    expect(second.cursor).toEqual({ lastId: next.id, retry: [] });
  });

  test('an id still null after every try is skipped and counted', async () => {
    const cursor = await startHere();
    const never = fake.addStory({ title: 'never served' });
    fake.holdBack(never.id);
    const r = reader({ maxTries: 2 });
    const first = await r.read(cursor);
    expect(first.cursor.retry).toEqual([{ id: never.id, tries: 1 }]);
    const second = await r.read(first.cursor);
    expect(second).toMatchObject({ skipped: 1, cursor: { retry: [] } });
  });

  test('deleted, dead and unreadable items are skipped; the read goes on', async () => {
    const cursor = await startHere();
    const story = fake.addStory({ title: 'kept' });
    fake.addComment({ parent: story.id, text: 'dead one', dead: true });
    fake.addRaw('{"id": -5, "type": "story"}');
    fake.addRaw('"a string"');
    const kept = fake.addComment({ parent: story.id, text: 'kept reply' });
    const read = await reader().read(cursor);
    expect(read.items.map((i) => i.body)).toEqual(['', 'kept reply']);
    expect(read.skipped).toBe(2);
    expect(read.cursor.lastId).toBe(kept.id);
  });

  test('timeouts, 5xx and broken JSON are retried; an item that keeps failing waits for the next read', async () => {
    const cursor = await startHere();
    const a = fake.addStory({ title: 'a' });
    const b = fake.addStory({ title: 'b' });
    fake.injectFaults([
      { match: `/item/${a.id}\\.json`, kind: 'timeout', times: 1 },
      { match: `/item/${a.id}\\.json`, kind: 'status', status: 503, times: 1 },
      { match: `/item/${b.id}\\.json`, kind: 'malformed', times: 3 },
    ]);
    const r = reader();
    const first = await r.read(cursor);
    expect(first.items.map((i) => i.title)).toEqual(['a']);
    expect(first.lastError).toBe('Hacker News sent an answer that is not JSON');
    expect(first.cursor.retry).toEqual([{ id: b.id, tries: 1 }]);
    expect((await r.read(first.cursor)).items.map((i) => i.title)).toEqual(['b']);
  });

  test('a maxitem that goes backwards reads nothing and keeps the cursor', async () => {
    const cursor = await startHere();
    fake.addStory({ title: 'x' });
    fake.setMaxItem(cursor.lastId - 10);
    try {
      const read = await reader().read(cursor);
      expect(read).toMatchObject({ items: [], cursor });
    } finally {
      fake.setMaxItem(undefined);
    }
  });

  test('a long outage is caught up in batches, with at most `concurrency` requests in flight', async () => {
    let cursor: HackerNewsCursor = await startHere();
    const stories = Array.from({ length: 25 }, (_, n) => fake.addStory({ title: `s${n}` }));
    const r = reader({ maxBatch: 10, concurrency: 4 });
    const titles: string[] = [];
    for (let i = 0; i < 3; i++) {
      const read = await r.read(cursor);
      titles.push(...read.items.map((item) => item.title));
      cursor = read.cursor;
    }
    expect(titles).toEqual(stories.map((s) => s.title));
  });
});
