import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { INLINE_TOPS_ITEMS, TOPS_FRESH_MS } from '../../src/server/analytics/service';
import {
  alerts,
  itemHourlyCounts,
  mentionHourlyCounts,
  mentions,
  users,
} from '../../src/server/db/schema';
import { insertAlert, insertMentions } from '../helpers/mentions';
import { build, TestClock } from '../helpers/test-app';

// GET /api/analytics (DESIGN §9): the last 7, 30 or 90 local days of a workspace, read from the
// hourly counts the mentions' triggers keep (decision 034). The clock says 2026-11-21T12:00Z.

const clock = new TestClock();
const t = await build({}, { clock });
const { db } = t;

async function member(timezone = 'UTC') {
  const me = await t.signedIn();
  await db.update(users).set({ timezone }).where(eq(users.id, me.user.id));
  return { ...me, workspaceId: me.user.id as number };
}

const analytics = async (client: Awaited<ReturnType<typeof member>>['client'], query = '') =>
  (await client.get(`/api/analytics${query}`)).body;

type Rows = { rows: Record<string, unknown>[] };
const hours = (result: unknown) =>
  (result as Rows).rows.map((row) => ({ ...row, hour: new Date(row.hour as string) }));

/** What the hourly counts hold, and what they should hold, recounted from the mentions. */
async function recount(workspaceId: number) {
  const keywords = await db
    .select({
      hour: mentionHourlyCounts.hour,
      alertId: mentionHourlyCounts.alertId,
      mentions: mentionHourlyCounts.mentions,
    })
    .from(mentionHourlyCounts)
    .where(eq(mentionHourlyCounts.workspaceId, workspaceId))
    .orderBy(mentionHourlyCounts.hour, mentionHourlyCounts.alertId);
  const items = await db
    .select({
      hour: itemHourlyCounts.hour,
      source: itemHourlyCounts.source,
      items: itemHourlyCounts.items,
    })
    .from(itemHourlyCounts)
    .where(eq(itemHourlyCounts.workspaceId, workspaceId))
    .orderBy(itemHourlyCounts.hour, itemHourlyCounts.source);
  const keywordTruth = hours(
    await db.execute(sql`
      select date_trunc('hour', reddit_created_at) as hour, alert_id as "alertId",
             count(*)::int as mentions
      from mentions where workspace_id = ${workspaceId} and not hidden
      group by 1, 2 order by 1, 2`),
  );
  const itemTruth = hours(
    await db.execute(sql`
      select date_trunc('hour', reddit_created_at) as hour, source, count(distinct item_id)::int as items
      from mentions where workspace_id = ${workspaceId} and not hidden
      group by 1, 2 order by 1, 2`),
  );
  return { counted: { keywords, items }, truth: { keywords: keywordTruth, items: itemTruth } };
}

describe('GET /api/analytics', () => {
  test('an empty workspace: the period in the user time zone, and nothing counted', async () => {
    const me = await member('America/Los_Angeles');
    const body = await analytics(me.client, '?days=7');
    // 2026-11-21T12:00Z is 04:00 on the 21st in Los Angeles.
    expect(body).toEqual({
      days: 7,
      timezone: 'America/Los_Angeles',
      from: '2026-11-15',
      to: '2026-11-21',
      perDay: [],
      bySource: [],
      topCommunities: [],
      topAuthors: [],
      mentions: 0,
      replied: 0,
      replyRate: 0,
      medianMinutesToReply: null,
      detectedReplies: 0,
      replyScore: 0,
      replyReplies: 0,
    });
    expect((await analytics(me.client)).days).toBe(30);
  });

  test.each([['?days=5'], ['?days=abc'], ['?days=90&extra=1'], ['?days=']])(
    '%s is a 400 naming the field',
    async (query) => {
      const me = await member();
      const res = await me.client.get(`/api/analytics${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/days|extra/);
    },
  );

  test('per keyword and local day; an item of two keywords is one mention by site and top list', async () => {
    const me = await member('America/Los_Angeles');
    const stripe = await insertAlert(db, me.workspaceId, 'stripe');
    const paddle = await insertAlert(db, me.workspaceId, 'paddle');
    // 05:00Z on the 21st is still the 20th in Los Angeles.
    const at = new Date('2026-11-21T05:00:00Z');
    const shared = { itemId: 't3_shared', author: 'pat', subreddit: 'SaaS', community: 'SaaS' };
    await insertMentions(db, stripe, 1, { ...shared, redditCreatedAt: at });
    await insertMentions(db, paddle, 1, { ...shared, redditCreatedAt: at });
    await insertMentions(db, stripe, 2, {
      source: 'hackernews',
      subreddit: '',
      community: '',
      author: 'pg',
      redditCreatedAt: new Date('2026-11-21T11:00:00Z'),
    });
    // Another workspace's mention and an old one are not counted.
    const other = await member();
    await insertMentions(db, await insertAlert(db, other.workspaceId, 'stripe'), 3);
    await insertMentions(db, stripe, 1, { redditCreatedAt: new Date('2026-10-01T00:00:00Z') });

    const body = await analytics(me.client, '?days=7');
    expect(body.perDay).toEqual([
      { day: '2026-11-20', alertId: stripe.id, keyword: 'stripe', mentions: 1 },
      { day: '2026-11-20', alertId: paddle.id, keyword: 'paddle', mentions: 1 },
      { day: '2026-11-21', alertId: stripe.id, keyword: 'stripe', mentions: 2 },
    ]);
    expect(body.bySource).toEqual([
      { source: 'hackernews', mentions: 2 },
      { source: 'reddit', mentions: 1 },
    ]);
    expect(body.mentions).toBe(3);
    expect(body.topCommunities).toEqual([{ source: 'reddit', community: 'SaaS', mentions: 1 }]);
    expect(body.topAuthors).toEqual([
      { source: 'hackernews', author: 'pg', mentions: 2 },
      { source: 'reddit', author: 'pat', mentions: 1 },
    ]);
    // 90 days reach October's.
    expect((await analytics(me.client, '?days=90')).mentions).toBe(4);
  });

  test('replies: the rate, the median time to the first one, and what the seen ones earned', async () => {
    const me = await member();
    const alert = await insertAlert(db, me.workspaceId, 'stripe');
    const posted = new Date('2026-11-21T08:00:00Z');
    const minutes = (n: number) => new Date(posted.getTime() + n * 60_000);
    await insertMentions(db, alert, 2, { redditCreatedAt: posted });
    await insertMentions(db, alert, 1, {
      redditCreatedAt: posted,
      hasReplied: true,
      repliedAt: minutes(10),
    });
    await insertMentions(db, alert, 1, {
      redditCreatedAt: posted,
      hasReplied: true,
      repliedAt: minutes(30),
      replyItemId: 't1_reply',
      replyPermalink: '/r/SaaS/comments/x/y/reply/',
      replyCreatedAt: minutes(30),
      replyScore: 14,
      replyReplies: 3,
    });
    const body = await analytics(me.client, '?days=7');
    expect(body).toMatchObject({
      mentions: 4,
      replied: 2,
      replyRate: 0.5,
      medianMinutesToReply: 20,
      detectedReplies: 1,
      replyScore: 14,
      replyReplies: 3,
    });
  });

  test('hiding, showing and deleting keep the hourly counts equal to a recount', async () => {
    const me = await member();
    const first = await insertAlert(db, me.workspaceId, 'first');
    const second = await insertAlert(db, me.workspaceId, 'second');
    const items = Array.from({ length: 12 }, (_, i) => `t3_item${me.workspaceId}_${i}`);
    for (const [i, itemId] of items.entries()) {
      const redditCreatedAt = new Date(Date.parse('2026-11-20T00:00:00Z') + (i % 4) * 3_600_000);
      await insertMentions(db, first, 1, { itemId, redditCreatedAt, hidden: i % 3 === 0 });
      if (i % 2 === 0) await insertMentions(db, second, 1, { itemId, redditCreatedAt });
    }
    const check = async () => {
      const { counted, truth } = await recount(me.workspaceId);
      expect(counted).toEqual(truth);
    };
    await check();
    // One statement showing some and hiding others, as the relevance labels do.
    await db
      .update(mentions)
      .set({ hidden: sql`not ${mentions.hidden}` })
      .where(eq(mentions.alertId, first.id));
    await check();
    // Updates that change nothing counted (read, replied) leave the counts alone.
    await db.update(mentions).set({ isRead: true }).where(eq(mentions.workspaceId, me.workspaceId));
    await check();
    // Deleting the keyword an item was counted under moves it to the other one's.
    await db.delete(alerts).where(eq(alerts.id, first.id));
    await check();
    expect((await analytics(me.client, '?days=7')).mentions).toBe(6);
    // Emptied hours leave no rows behind.
    const left = await db
      .select()
      .from(mentionHourlyCounts)
      .where(eq(mentionHourlyCounts.alertId, first.id));
    expect(left).toEqual([]);
  });

  test('a deleted workspace takes its counts along', async () => {
    const me = await member();
    await insertMentions(db, await insertAlert(db, me.workspaceId, 'bye'), 3);
    expect((await recount(me.workspaceId)).counted.keywords).toHaveLength(1);
    expect((await me.client.delete('/api/user')).status).toBe(204);
    expect((await recount(me.workspaceId)).counted).toEqual({ keywords: [], items: [] });
  });

  test('a large workspace answers its top lists from the stored ones, recounted when stale', async () => {
    const me = await member();
    const alert = await insertAlert(db, me.workspaceId, 'busy');
    const redditCreatedAt = new Date('2026-11-21T09:00:00Z');
    await insertMentions(db, alert, INLINE_TOPS_ITEMS + 1, { redditCreatedAt, author: 'first' });
    const before = await analytics(me.client, '?days=7');
    expect(before.topAuthors).toEqual([
      { source: 'reddit', author: 'first', mentions: INLINE_TOPS_ITEMS + 1 },
    ]);
    await insertMentions(db, alert, 3, { redditCreatedAt, author: 'second' });
    // Fresh: the stored list, while the figures from the hourly counts move at once.
    const fresh = await analytics(me.client, '?days=7');
    expect(fresh.mentions).toBe(INLINE_TOPS_ITEMS + 4);
    expect(fresh.topAuthors.map((row: { author: string }) => row.author)).toEqual(['first']);
    // Stale: answered from the stored list, recounted behind the answer for the next one.
    clock.advance(TOPS_FRESH_MS + 1);
    const stale = await analytics(me.client, '?days=7');
    expect(stale.topAuthors.map((row: { author: string }) => row.author)).toEqual(['first']);
    await expect
      .poll(async () => (await analytics(me.client, '?days=7')).topAuthors.length)
      .toBe(2);
  });
});
