import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { alerts } from '../../src/server/db/schema';
import { build } from '../helpers/test-app';

const t = await build();

const CHANGED = '"zendesk alternative" OR (helpdesk AND NOT jira) -author:AutoModerator';

/** Flags the user's keywords as the migration flags those stored before the change. */
async function storedBeforeTheChange(alertIds: number[]) {
  for (const id of alertIds) {
    await t.db.update(alerts).set({ filterScopeReview: true }).where(eq(alerts.id, id));
  }
}

test('a keyword stored before filters applied to the whole query is listed until dismissed', async () => {
  const { client } = await t.signedIn();
  const created = await Promise.all(
    [CHANGED, 'stripe OR paddle', '(a OR b) -author:x', 'crm -author:bot'].map(
      async (keyword) => (await client.post('/api/alerts', { keyword })).body.id as number,
    ),
  );
  // A keyword written under the new rules is never listed.
  expect((await client.get('/api/alerts/filter-scope-notice')).body).toEqual({ items: [] });

  await storedBeforeTheChange(created);
  const notice = await client.get('/api/alerts/filter-scope-notice');
  expect(notice.status).toBe(200);
  expect(notice.body).toEqual({
    items: [{ alertId: created[0], keyword: CHANGED, filters: ['-author:automoderator'] }],
  });

  // Another user sees nothing of it.
  const other = await t.signedIn();
  expect((await other.client.get('/api/alerts/filter-scope-notice')).body).toEqual({ items: [] });
  expect((await other.client.delete('/api/alerts/filter-scope-notice')).status).toBe(204);
  expect((await client.get('/api/alerts/filter-scope-notice')).body.items).toHaveLength(1);

  expect((await client.delete('/api/alerts/filter-scope-notice')).status).toBe(204);
  expect((await client.get('/api/alerts/filter-scope-notice')).body).toEqual({ items: [] });
});

test('editing the keyword takes it off the notice; other edits do not', async () => {
  const { client } = await t.signedIn();
  const a = (await client.post('/api/alerts', { keyword: CHANGED })).body.id as number;
  const b = (await client.post('/api/alerts', { keyword: 'x OR y subreddit:saas' })).body
    .id as number;
  await storedBeforeTheChange([a, b]);
  await client.put(`/api/alerts/${a}`, { isPaused: true });
  await client.put(`/api/alerts/${b}`, { keyword: 'x OR y subreddit:SaaS type:post' });
  const notice = await client.get('/api/alerts/filter-scope-notice');
  expect(notice.body.items.map((item: { alertId: number }) => item.alertId)).toEqual([a]);
});

test('the notice needs a session', async () => {
  expect((await t.client().get('/api/alerts/filter-scope-notice')).status).toBe(401);
});
