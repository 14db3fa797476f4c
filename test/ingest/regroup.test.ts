import { expect, test } from 'vitest';
import { ingestionGaps, redditListings } from '../../src/server/db/schema';
import { buildIngestion, within } from '../helpers/ingestion';

// No site-wide alert here: subreddit groups are the only listings read.
const t = await buildIngestion();

test('a regrouped listing whose cursor subreddit left reads on without a false gap', async () => {
  const { client, user } = await t.signedIn();
  const created = await client.post('/api/alerts', {
    keyword: 'regroupword',
    subreddits: ['leaving', 'staying'],
    includeComments: false,
  });
  await t.startWorker();
  const cursor = t.fake.addPost({ subreddit: 'leaving', title: 'regroupword first' });
  await expect.poll(async () => (await t.mentionsOf(user.id)).length, within).toBe(1);
  const groupHasCursor = async () => {
    const rows = await t.db.select().from(redditListings);
    return rows.some((row) => row.cursorFullname === cursor.data.name);
  };
  await expect.poll(groupHasCursor, within).toBe(true);

  // The alert drops r/leaving: the group keeps only r/staying, where the cursor item is not.
  await client.put(`/api/alerts/${created.body.id}`, {
    keyword: 'regroupword',
    subreddits: ['staying'],
    includeComments: false,
  });
  t.fake.addPost({ subreddit: 'staying', title: 'regroupword second' });
  await expect.poll(async () => (await t.mentionsOf(user.id)).length, within).toBe(2);
  expect(await t.db.select().from(ingestionGaps)).toHaveLength(0);
});
