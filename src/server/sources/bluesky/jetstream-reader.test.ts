import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { startFakeJetstream, type FakeJetstream } from '../../../../test/fakes/jetstream/server';
import { eventually } from '../../../../test/helpers/eventually';
import { createJetstreamReader, type JetstreamBatch } from './jetstream-reader';

// A Jetstream of its own per test: a reader's first connection replays a few seconds back.
let fake: FakeJetstream;
beforeEach(async () => {
  fake = await startFakeJetstream();
});

const alice = 'did:plc:alice0000000000000000000';
const bob = 'did:plc:bob00000000000000000000000';
let reader: ReturnType<typeof createJetstreamReader> | undefined;
afterEach(async () => {
  await reader?.stop();
  await fake.stop();
});

/** A reader over the fake that "stores" batches in memory, as the database would. */
function startReader(options: { stallMs?: number; failBatches?: number } = {}) {
  const stored: JetstreamBatch[] = [];
  let cursor: number | undefined;
  let failures = options.failBatches ?? 0;
  reader = createJetstreamReader({
    url: fake.url,
    now: () => new Date(),
    loadCursor: async () => cursor,
    onBatch: async (batch) => {
      if (failures-- > 0) throw new Error('database unavailable');
      stored.push(batch);
      cursor = batch.cursorUs;
    },
    batchMs: 20,
    backoffMs: 20,
    stallMs: options.stallMs ?? 30_000,
  });
  reader.start();
  const texts = () => stored.flatMap((b) => b.items.map((i) => i.body));
  return { stored, texts, reader };
}

const connected = (count: number) =>
  eventually('the reader to connect', async () => fake.connections.length >= count);

describe('the Jetstream reader', () => {
  test('posts and replies arrive as items; deletes and handles come along; other frames pass', async () => {
    const before = fake.connections.length;
    const { stored, texts } = startReader();
    await connected(before + 1);
    expect(fake.connections.at(-1)).toMatchObject({ wanted: 'app.bsky.feed.post' });
    fake.identity(alice, 'alice.bsky.social');
    const post = fake.post(alice, 'Is zendesk worth it?');
    fake.post(bob, 'try freshdesk', { root: post.uri, parent: post.uri });
    fake.emit({
      did: bob,
      kind: 'commit',
      commit: { operation: 'create', collection: 'app.bsky.feed.like', rkey: 'x1', record: {} },
    });
    fake.deletePost(alice, post.rkey);
    await eventually('three events stored', async () => stored.some((b) => b.deletes.length > 0));
    expect(texts()).toEqual(['Is zendesk worth it?', 'try freshdesk']);
    const items = stored.flatMap((b) => b.items);
    expect(items.map((i) => [i.kind, i.id, i.author, i.score])).toEqual([
      ['post', post.uri, alice, null],
      ['comment', expect.stringMatching(/^at:\/\/did:plc:bob/), bob, null],
    ]);
    expect(items[0].permalink).toBe(`https://bsky.app/profile/${alice}/post/${post.rkey}`);
    expect(stored.flatMap((b) => [...b.handles])).toEqual([[alice, 'alice.bsky.social']]);
    expect(stored.flatMap((b) => b.deletes)).toEqual([post.uri]);
  });

  test('after a dropped connection it resumes from the stored cursor: nothing lost, nothing doubled', async () => {
    const before = fake.connections.length;
    const { stored, texts } = startReader();
    await connected(before + 1);
    fake.post(alice, 'one');
    await eventually('one stored', async () => texts().includes('one'));
    const cursor = stored.at(-1)!.cursorUs;
    fake.dropConnections();
    fake.post(alice, 'two (sent while the reader was away)');
    await connected(before + 2);
    fake.post(alice, 'three');
    await eventually('three stored', async () => texts().includes('three'));
    expect(texts()).toEqual(['one', 'two (sent while the reader was away)', 'three']);
    // Resumed a few seconds before what was stored; the overlap was dropped by URI.
    expect(fake.connections.at(-1)!.cursor).toBe(cursor - 5_000_000);
  });

  test('a batch that could not be stored comes again after reconnecting', async () => {
    const before = fake.connections.length;
    const { texts, reader: r } = startReader({ failBatches: 1 });
    await connected(before + 1);
    fake.post(alice, 'kept despite a failed write');
    await eventually('stored on the second try', async () => texts().length > 0);
    expect(texts()).toEqual(['kept despite a failed write']);
    expect(r.status().reconnects).toBeGreaterThanOrEqual(1);
  });

  test('frames that are not JSON, not its shape or too large are counted and passed over', async () => {
    const before = fake.connections.length;
    const { texts, reader: r } = startReader();
    await connected(before + 1);
    await eventually('open', async () => fake.clients > 0);
    fake.sendRaw('not json');
    fake.sendRaw(JSON.stringify({ kind: 'commit', did: 'nope', time_us: -1 }));
    fake.sendRaw(
      JSON.stringify({
        kind: 'commit',
        did: alice,
        time_us: 1,
        commit: {
          operation: 'create',
          collection: 'app.bsky.feed.post',
          rkey: 'r',
          record: { text: 5 },
        },
      }),
    );
    fake.sendRaw('x'.repeat(10 * 1024 * 1024));
    fake.post(alice, 'after the junk');
    await eventually('the post after the junk', async () => texts().includes('after the junk'));
    expect(r.status().unreadable).toBe(4);
  });

  test('a connection that stalls is dropped and made again', async () => {
    const before = fake.connections.length;
    const { reader: r } = startReader({ stallMs: 200 });
    await connected(before + 2);
    expect(r.status().lastError).toBe('Bluesky sent nothing for 0 s');
  });
});
