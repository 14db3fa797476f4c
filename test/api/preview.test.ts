import { describe, expect, test } from 'vitest';
import { RecentItemWindow } from '../../src/server/preview';
import { build, TestClock } from '../helpers/test-app';

const clock = new TestClock();
const window = new RecentItemWindow({ spanMs: 3_600_000, now: () => clock.now().getTime() });
const t = await build({}, { clock, recentItems: window });
const webOnly = await build();

// 30 minutes of reading: a Stripe post every minute, a comment about it every other one.
for (let minute = 0; minute < 30; minute++) {
  window.add({
    id: `t3_m${minute}`,
    kind: 'post',
    subreddit: minute % 3 === 0 ? 'SaaS' : 'startups',
    title: `Stripe question ${minute}`,
    body: 'Fees keep going up.',
    score: 1,
    author: minute % 5 === 0 ? 'AutoModerator' : `founder${minute}`,
    permalink: `https://www.reddit.com/r/SaaS/comments/m${minute}/stripe_question/`,
  });
  if (minute % 2 === 0) {
    window.add({
      id: `t1_c${minute}`,
      kind: 'comment',
      subreddit: 'startups',
      title: `Stripe question ${minute}`,
      body: 'We moved off stripe.',
      score: 1,
      author: 'helper',
    });
  }
  clock.advance(60_000);
}

describe('POST /api/alerts/preview', () => {
  test('needs a signed-in user', async () => {
    expect((await t.client().post('/api/alerts/preview', { keyword: 'stripe' })).status).toBe(401);
  });

  test('scales what the last half hour matched to a day, with the newest examples', async () => {
    const { client } = await t.signedIn();
    const res = await client.post('/api/alerts/preview', { keyword: 'stripe' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      basis: 'window',
      matches: 45,
      items: 45,
      minutes: 30,
      perDay: 45 * 48,
      complete: true,
      // The estimate the dialog says, computed once, here (src/shared/volume-estimate.ts).
      estimate: { matches: 45, minutes: 30, perDay: 45 * 48, confidence: 'steady' },
    });
    expect(res.body.examples).toHaveLength(5);
    expect(res.body.examples[0]).toMatchObject({
      kind: 'post',
      title: 'Stripe question 29',
      permalink: 'https://www.reddit.com/r/SaaS/comments/m29/stripe_question/',
    });
    expect(res.body.examples[1]).toMatchObject({ kind: 'comment', title: 'Stripe question 28' });
  });

  test("follows the dialog's subreddits, comment choice and operators", async () => {
    const { client } = await t.signedIn();
    const preview = async (body: object) =>
      (await client.post('/api/alerts/preview', body)).body.matches;
    expect(await preview({ keyword: 'stripe', includeComments: false })).toBe(30);
    expect(await preview({ keyword: 'stripe', subreddits: 'r/SaaS', includeComments: false })).toBe(
      10,
    );
    expect(await preview({ keyword: 'stripe type:post -author:AutoModerator' })).toBe(24);
    expect(await preview({ keyword: 'title:fees' })).toBe(0);
    expect(await preview({ keyword: 'stripe NEAR/2 fees' })).toBe(30);
  });

  test('a keyword that does not parse is a 400 naming the problem and its position', async () => {
    const { client } = await t.signedIn();
    for (const [keyword, message] of [
      ['autor:x stripe', 'Unknown operator "autor:" at position 1'],
      ['stripe author:', '"author:" at position 8 needs a Reddit username'],
      ['a NEAR/0 b', '"NEAR/0" at position 3: the distance must be'],
      ['a NEAR/1000 b', '"NEAR/1000" at position 3'],
      ['title:-hiring stripe', '"title:" at position 1 needs a term that has to appear'],
    ]) {
      const res = await client.post('/api/alerts/preview', { keyword });
      expect(res.status, keyword).toBe(400);
      expect(res.body.details.keyword, keyword).toContain(message);
    }
    const badSubreddit = await client.post('/api/alerts/preview', {
      keyword: 'stripe',
      subreddits: 'ask reddit',
    });
    expect(badSubreddit.status).toBe(400);
  });

  test('a web-only process has no window and says so', async () => {
    const { client } = await webOnly.signedIn();
    const res = await client.post('/api/alerts/preview', { keyword: 'stripe' });
    expect(res.body).toMatchObject({ basis: 'unavailable', matches: 0, perDay: null });
  });

  test('is limited per user', async () => {
    const { client } = await t.signedIn();
    let status = 200;
    for (let i = 0; i < 61 && status === 200; i++) {
      status = (await client.post('/api/alerts/preview', { keyword: 'stripe' })).status;
    }
    expect(status).toBe(429);
  });
});
