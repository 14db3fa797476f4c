import { describe, expect, test } from 'vitest';
import { exclusionCounts } from '../../src/server/db/schema';
import { build } from '../helpers/test-app';

const t = await build();

const today = () => t.clock.now().toISOString().slice(0, 10);

describe('global exclusions', () => {
  test('need a signed-in user', async () => {
    const anonymous = t.client();
    expect((await anonymous.get('/api/exclusions')).status).toBe(401);
    const put = await anonymous.put('/api/exclusions', { subreddits: [], authors: [] });
    expect(put.status).toBe(401);
  });

  test('start empty, save normalised and read back the same', async () => {
    const { client } = await t.signedIn();
    expect((await client.get('/api/exclusions')).body).toEqual({
      subreddits: [],
      authors: [],
      filteredToday: 0,
    });

    const saved = await client.put('/api/exclusions', {
      subreddits: ['r/Bitcoin', '/r/bitcoin/', 'CryptoCurrency'],
      authors: ['u/AutoModerator', 'automoderator', '/u/Competitor-HQ'],
    });
    expect(saved.status).toBe(200);
    const expected = {
      // As typed: the first spelling of each name.
      subreddits: ['Bitcoin', 'CryptoCurrency'],
      authors: ['AutoModerator', 'Competitor-HQ'],
      filteredToday: 0,
    };
    expect(saved.body).toEqual(expected);
    expect((await client.get('/api/exclusions')).body).toEqual(expected);

    // A save replaces both lists.
    const emptied = await client.put('/api/exclusions', { subreddits: [], authors: ['spez'] });
    expect(emptied.body).toEqual({ subreddits: [], authors: ['spez'], filteredToday: 0 });
  });

  test('are each user’s own', async () => {
    const alice = await t.signedIn();
    const bob = await t.signedIn();
    await alice.client.put('/api/exclusions', { subreddits: ['alicesub'], authors: ['alicebot'] });
    await t.db
      .insert(exclusionCounts)
      .values({ workspaceId: alice.user.id, day: today(), filtered: 7 });

    expect((await bob.client.get('/api/exclusions')).body).toEqual({
      subreddits: [],
      authors: [],
      filteredToday: 0,
    });
    expect((await alice.client.get('/api/exclusions')).body).toEqual({
      subreddits: ['alicesub'],
      authors: ['alicebot'],
      filteredToday: 7,
    });
  });

  test('"filtered today" counts only today (UTC)', async () => {
    const { client, user } = await t.signedIn();
    await t.db.insert(exclusionCounts).values([
      { workspaceId: user.id, day: '2026-11-20', filtered: 40 },
      { workspaceId: user.id, day: today(), filtered: 12 },
    ]);
    expect((await client.get('/api/exclusions')).body.filteredToday).toBe(12);
  });

  const many = (n: number, name: (i: number) => string) =>
    Array.from({ length: n }, (_, i) => name(i));

  test.each([
    [{ subreddits: ['not a sub!'], authors: [] }, 'subreddits', /"not a sub!" is not a valid/],
    [{ subreddits: ['has space'], authors: [] }, 'subreddits', /"has space"/],
    [{ subreddits: [], authors: ['ab'] }, 'authors', /"ab" is not a valid Reddit username/],
    [{ subreddits: [], authors: ['u/bad.name'] }, 'authors', /"u\/bad\.name"/],
    [{ subreddits: 'saas', authors: [] }, 'subreddits', /must be a list/],
    [{ authors: [] }, 'subreddits', /must be a list/],
    [{ subreddits: [1], authors: [] }, 'subreddits', /entry 1 is not text/],
    [
      { subreddits: many(501, (i) => `sub_${i}`), authors: [] },
      'subreddits',
      /At most 500 excluded subreddits/,
    ],
    [
      // Ten thousand names of Reddit's longest length (about 240 KB): the cap, not the bytes.
      {
        subreddits: [],
        authors: many(10_000, (i) => `competitor_acct_${String(i).padStart(4, '0')}`),
      },
      'authors',
      /At most 500 excluded authors \(this list has 10,000\)/,
    ],
    [
      { subreddits: many(10_000, (i) => `s${i}`), authors: [] },
      'subreddits',
      /At most 500 excluded subreddits \(this list has 10,000\)/,
    ],
  ])('refuse %#: a 400 on %s naming the problem', async (body, field, message) => {
    const { client } = await t.signedIn();
    await client.put('/api/exclusions', { subreddits: ['kept'], authors: ['keptbot'] });
    const res = await client.put('/api/exclusions', body);
    expect(res.status).toBe(400);
    expect(res.body.details[field]).toMatch(message);
    expect(res.body.message).toContain(field);
    expect(res.body.message).toMatch(message);
    // Nothing of the refused body was saved.
    expect((await client.get('/api/exclusions')).body).toMatchObject({
      subreddits: ['kept'],
      authors: ['keptbot'],
    });
  });

  test('a body that is not JSON of the right shape is a 400, not a 500', async () => {
    const { client } = await t.signedIn();
    const notObject = await client.put('/api/exclusions', ['saas']);
    expect(notObject.status).toBe(400);
    expect(notObject.body.message).toMatch(/subreddits/);
    const broken = await client.request('PUT', '/api/exclusions', '{"subreddits": [', {
      'content-type': 'application/json',
    });
    expect(broken.status).toBe(400);
  });
});
