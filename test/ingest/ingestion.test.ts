import { describe, expect, test } from 'vitest';
import { buildIngestion, TEST_USER_AGENT, waitForReads, within } from '../helpers/ingestion';

const t = await buildIngestion();
await t.startWorker();

describe('ingestion from the fake Reddit', () => {
  test('a matching post and comment become mentions within seconds, each once', async () => {
    const { client, user } = await t.signedIn();
    const alert = (await client.post('/api/alerts', { keyword: 'zendesk' })).body;
    // Wait for the first read of r/all so the items below arrive after the cursor.
    await waitForReads(t.fake, /^\/r\/all\/new/);
    const post = t.fake.addPost({
      subreddit: 'SaaS',
      title: 'Looking for a Zendesk alternative',
      selftext: 'We are a team of 5 & growing',
      author: 'founder42',
      score: 7,
    });
    const comment = t.fake.addComment({
      subreddit: 'startups',
      body: 'We moved off zendesk last year.',
      linkTitle: 'Which support tools do you use?',
    });
    await expect.poll(async () => (await t.mentionsOf(user.id)).length, within).toBe(2);
    const stored = await t.mentionsOf(user.id);
    const storedPost = stored.find((m) => m.redditId === post.data.name);
    expect(storedPost).toMatchObject({
      alertId: alert.id,
      subreddit: 'SaaS',
      title: 'Looking for a Zendesk alternative',
      body: 'We are a team of 5 & growing',
      author: 'founder42',
      score: 7,
      isComment: false,
      matchedKeyword: 'zendesk',
    });
    expect(storedPost?.permalink).toMatch(/^https:\/\/www\.reddit\.com\/r\/SaaS\/comments\//);
    const storedComment = stored.find((m) => m.redditId === comment.data.name);
    expect(storedComment).toMatchObject({
      isComment: true,
      title: 'Which support tools do you use?',
      body: 'We moved off zendesk last year.',
    });
    // Later reads (and overlap re-reads) store nothing twice.
    const reads = t.fake.requests.length;
    await expect.poll(() => t.fake.requests.length, within).toBeGreaterThan(reads + 5);
    expect(await t.mentionsOf(user.id)).toHaveLength(2);
    const apiReads = t.fake.requests.filter((r) => r.path.startsWith('/r/'));
    expect(apiReads.every((r) => r.headers['user-agent'] === TEST_USER_AGENT)).toBe(true);
    expect(apiReads.every((r) => /^bearer \S+$/i.test(r.headers.authorization ?? ''))).toBe(true);
  });
});
