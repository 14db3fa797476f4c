import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeLobsters, type FakeLobsters } from '../../../../test/fakes/lobsters/server';
import { createJsonGetter } from '../get-json';
import { createLobstersReader, LOBSTERS_START } from './reader';

let fake: FakeLobsters;
beforeAll(async () => {
  fake = await startFakeLobsters();
});
afterAll(() => fake.stop());

const reader = (minGapMs = 0) =>
  createLobstersReader({
    baseUrl: fake.url,
    getJson: createJsonGetter({ site: 'Lobsters', timeoutMs: 500, retries: 1, backoffMs: 5 }),
    now: () => new Date(),
    minGapMs,
  });

describe('reading Lobsters', () => {
  test('a first read knows what is there; then new stories, and comments of stories whose count grew', async () => {
    const old = fake.addStory({ title: 'Old story' });
    fake.addComment(old, 'an old comment', 'pushcx', new Date(Date.now() - 600_000));
    const r = reader();
    const first = await r.read(LOBSTERS_START);
    expect(first.items).toEqual([]);

    const story = fake.addStory({
      title: 'Zendesk in Rust',
      description: 'a helpdesk',
      tags: ['rust', 'web'],
    });
    const c1 = fake.addComment(story, 'why not freshdesk');
    fake.addComment(old, 'a new comment on an old story');
    const second = await r.read(first.cursor);
    expect(second.items.map((i) => [i.kind, i.id, i.title, i.body, i.community])).toEqual([
      ['post', story.short_id, 'Zendesk in Rust', 'a helpdesk', 'rust'],
      ['comment', c1, 'Zendesk in Rust', 'why not freshdesk', 'rust'],
      ['comment', expect.any(String), 'Old story', 'a new comment on an old story', 'programming'],
    ]);
    expect(second.items[1].permalink).toBe(`https://lobste.rs/c/${c1}`);

    const before = fake.requests.length;
    const third = await r.read(second.cursor);
    expect(third.items).toEqual([]);
    // Nothing grew: one request for the list, none for stories.
    expect(fake.requests.length - before).toBe(1);
  });

  // Measured where the requests arrive, which may be a few milliseconds off where they left.
  test('requests are paced at least minGapMs apart', async () => {
    const r = reader(300);
    const start = await r.read(LOBSTERS_START);
    const a = fake.addStory({ title: 'a' });
    fake.addComment(a, 'x');
    const before = fake.requests.length;
    await r.read(start.cursor);
    const times = fake.requests.slice(before - 1).map((q) => q.at);
    for (let i = 1; i < times.length; i++)
      expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(250);
  });

  test('an answer that is not JSON fails the read in words and keeps the cursor usable', async () => {
    const r = reader();
    const start = await r.read(LOBSTERS_START);
    fake.breakWith('<html>down for maintenance');
    try {
      await expect(r.read(start.cursor)).rejects.toThrow(
        'Lobsters sent an answer that is not JSON',
      );
    } finally {
      fake.breakWith(undefined);
    }
    const story = fake.addStory({ title: 'after the outage' });
    expect((await r.read(start.cursor)).items.map((i) => i.id)).toContain(story.short_id);
  });
});
