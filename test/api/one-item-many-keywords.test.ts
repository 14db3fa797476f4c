import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { mentions } from '../../src/server/db/schema';
import { insertAlert, insertMentions } from '../helpers/mentions';
import { build } from '../helpers/test-app';

const t = await build();

/** A user with two keywords that both matched one Reddit item, and a third item of the first. */
async function itemOfTwoKeywords() {
  const { client, user } = await t.signedIn();
  const zendesk = await insertAlert(t.db, user.id, 'zendesk', 'realtime');
  const helpdesk = await insertAlert(t.db, user.id, 'helpdesk', 'realtime');
  const shared = { itemId: 't3_both1', createdAt: t.clock.now() };
  const [first] = await insertMentions(t.db, zendesk, 1, shared);
  const [second] = await insertMentions(t.db, helpdesk, 1, shared);
  const [own] = await insertMentions(t.db, zendesk, 1, { createdAt: t.clock.now() });
  return { client, zendesk, helpdesk, first, second, own };
}

test('the feed lists an item matched by two keywords once, with both keywords', async () => {
  const { client, zendesk, helpdesk, first, second, own } = await itemOfTwoKeywords();
  const feed = await client.get('/api/mentions');
  expect(feed.status).toBe(200);
  expect(feed.body.items.map((m: { id: number }) => m.id).sort()).toEqual(
    [first.id, own.id].sort(),
  );
  const both = feed.body.items.find((m: { id: number }) => m.id === first.id);
  expect(both).toMatchObject({
    alertId: zendesk.id,
    keyword: 'zendesk',
    keywords: ['zendesk', 'helpdesk'],
  });
  expect(feed.body.items.find((m: { id: number }) => m.id === own.id).keywords).toEqual([
    'zendesk',
  ]);

  // Each keyword's own list holds its own mention of the item.
  const helpdeskOnly = await client.get(`/api/mentions?alertId=${helpdesk.id}`);
  expect(helpdeskOnly.body.items).toMatchObject([
    { id: second.id, keyword: 'helpdesk', keywords: ['zendesk', 'helpdesk'] },
  ]);

  const csv = await client.get('/api/mentions/export.csv');
  const lines = csv.text.trim().split('\n');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toContain(',keywords,why_matched');
  expect(csv.text).toContain('zendesk; helpdesk');
});

test('stats count the item once, and replying to it marks it replied for both keywords', async () => {
  const { client, first, second } = await itemOfTwoKeywords();
  const stats = await client.get('/api/stats');
  expect(stats.body).toMatchObject({ todayMentions: 2, monthMentions: 2 });

  expect((await client.put(`/api/mentions/${first.id}/replied`, { hasReplied: true })).status).toBe(
    200,
  );
  const replied = await client.get(`/api/mentions?replied=true`);
  expect(replied.body.items.map((m: { id: number }) => m.id)).toEqual([first.id]);
  const other = await client.get(`/api/mentions?alertId=${second.alertId}`);
  expect(other.body.items[0]).toMatchObject({ id: second.id, hasReplied: true });
  expect((await client.get('/api/stats')).body.repliedCount).toBe(1);
});

test('a hidden mention of one keyword leaves the item listed through the other', async () => {
  const { client, first, second } = await itemOfTwoKeywords();
  await t.db.update(mentions).set({ hidden: true }).where(eq(mentions.id, first.id));
  const feed = await client.get('/api/mentions');
  expect(feed.body.items.map((m: { id: number }) => m.id)).toContain(second.id);
  expect(feed.body.items.map((m: { id: number }) => m.id)).not.toContain(first.id);
  const hidden = await client.get('/api/mentions?hidden=only');
  expect(hidden.body.items.map((m: { id: number }) => m.id)).toEqual([first.id]);
});
