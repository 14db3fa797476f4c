import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeChannels, type FakeChannels } from '../fakes/channels';
import { build, type TestApp } from '../helpers/test-app';

// "Send test" is no relay: one target hears at most 10 test messages a minute, whoever sends
// them, and the 11th is a 429 that says when to try again. The clock is fixed: the window only
// moves when the test moves it.

let fake: FakeChannels;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeChannels();
  t = await build({ ALLOW_PRIVATE_WEBHOOKS: 'true' });
});
afterAll(async () => {
  await fake.stop();
});

async function channelOf(
  client: Awaited<ReturnType<TestApp['signedIn']>>['client'],
  topic: string,
) {
  const res = await client.post('/api/channels', {
    kind: 'ntfy',
    name: topic,
    target: `${fake.url}/ntfy/${topic}`,
  });
  expect(res.status).toBe(201);
  return res.body.channel.id as number;
}

const sentTo = (topic: string) => fake.received.filter((r) => r.path === `/ntfy/${topic}`).length;

describe('Send test, per target and per user', () => {
  test('the 11th test in a minute to one target is a 429 with the wait; another target is still allowed', async () => {
    const { client } = await t.signedIn();
    const first = await channelOf(client, 'limit-first');
    const second = await channelOf(client, 'limit-second');
    for (let i = 0; i < 10; i++) {
      const res = await client.post(`/api/channels/${first}/test`);
      expect(res.status).toBe(200);
      expect(res.body.ok).toBe(true);
    }
    t.clock.advance(15_000);
    const refused = await client.post(`/api/channels/${first}/test`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(refused.body.message).toBe(
      'This channel’s target has had 10 test messages in the last minute. Please try again in 45 seconds.',
    );
    expect(sentTo('limit-first')).toBe(10);

    const other = await client.post(`/api/channels/${second}/test`);
    expect(other.status).toBe(200);
    expect(sentTo('limit-second')).toBe(1);

    // Another account aimed at the same target shares its count.
    const stranger = await t.signedIn();
    const theirs = await channelOf(stranger.client, 'limit-first');
    expect((await stranger.client.post(`/api/channels/${theirs}/test`)).status).toBe(429);
    expect(sentTo('limit-first')).toBe(10);

    // A minute after the window opened, the target may hear a test again.
    t.clock.advance(45_000);
    expect((await client.post(`/api/channels/${first}/test`)).status).toBe(200);
    expect(sentTo('limit-first')).toBe(11);
  });

  test('one user sends at most 30 tests a minute across all their targets', async () => {
    const { client } = await t.signedIn();
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await channelOf(client, `user-cap-${i}`));
    const statuses = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await client.post(`/api/channels/${ids[i % 4]}/test`)).status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
    const total = [0, 1, 2, 3].reduce((n, i) => n + sentTo(`user-cap-${i}`), 0);
    expect(total).toBe(30);
  });
});
