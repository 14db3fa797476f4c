import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { exclusionCounts, mentions, scoreCandidates } from '../../src/server/db/schema';
import { storeMatches, type MatchedItem } from '../../src/server/ingestion/store-mentions';
import { redditSourceItem } from '../../src/server/ingestion/reddit-source-item';
import type { AlertInput } from '../../src/server/matching';
import type { RedditItem } from '../../src/server/reddit';
import { build } from '../helpers/test-app';

const t = await build();

let items = 0;
/** A post of `author` in `subreddit` that the alert matched, as the worker's index answers. */
function match(
  alert: AlertInput,
  fields: { subreddit?: string; author?: string; belowMinScore?: boolean } = {},
): MatchedItem {
  const i = ++items;
  const subreddit = fields.subreddit ?? 'SaaS';
  const item: RedditItem = {
    fullname: `t3_exc${i}`,
    kind: 'post',
    subreddit,
    title: `Looking for a ${alert.keyword} alternative (${i})`,
    body: '',
    permalink: `https://www.reddit.com/r/${subreddit}/comments/exc${i}/`,
    author: fields.author ?? `redditor${i}`,
    score: 5,
    commentCount: 0,
    createdAt: t.clock.now(),
    removed: false,
    nsfw: false,
  };
  return {
    alert,
    terms: [alert.keyword],
    item: redditSourceItem(item),
    belowMinScore: fields.belowMinScore,
  };
}

const store = (matches: MatchedItem[], options: { backfilled?: boolean } = {}) =>
  t.db.transaction((tx) => storeMatches(tx, matches, t.clock.now(), options));

async function setup(keyword: string, exclusions: { subreddits: string[]; authors: string[] }) {
  const { client, user } = await t.signedIn();
  const alert = (await client.post('/api/alerts', { keyword })).body as AlertInput;
  expect((await client.put('/api/exclusions', exclusions)).status).toBe(200);
  return { client, user, alert };
}

const storedFor = async (userId: number) =>
  (await t.db.select().from(mentions).where(eq(mentions.workspaceId, userId))).map((m) => m.itemId);

const filteredToday = async (client: { get: (path: string) => Promise<{ body: any }> }) =>
  (await client.get('/api/exclusions')).body.filteredToday as number;

describe('global exclusions when matches are stored', () => {
  test('excluded subreddits and authors are dropped whatever their casing, and counted', async () => {
    const { client, user, alert } = await setup('zendesk', {
      subreddits: ['r/Bitcoin'],
      authors: ['u/AutoModerator'],
    });
    const kept = match(alert, { subreddit: 'SaaS', author: 'someone' });
    const page = [
      match(alert, { subreddit: 'BITCOIN' }),
      match(alert, { subreddit: 'bitcoin', author: 'AutoModerator' }),
      match(alert, { author: 'automoderator' }),
      match(alert, { author: 'AUTOMODERATOR' }),
      kept,
    ];
    expect(await store(page)).toEqual({ stored: 1, overQuota: 0 });
    expect(await storedFor(user.id)).toEqual([kept.item.id]);
    expect(await filteredToday(client)).toBe(4);

    // The counter adds up over pages; a re-read page stores nothing twice.
    expect(await store([match(alert, { subreddit: 'bitcoin' }), kept])).toEqual({
      stored: 0,
      overQuota: 0,
    });
    expect(await filteredToday(client)).toBe(5);
  });

  test('a page read twice (listings overlap) counts its excluded matches once', async () => {
    const { client, alert } = await setup('helpscout', { subreddits: ['spamsub'], authors: [] });
    const page = [match(alert, { subreddit: 'spamsub' }), match(alert, { subreddit: 'SpamSub' })];
    await store(page);
    await store(page);
    expect(await filteredToday(client)).toBe(2);
    // The same item matched by another alert of the user is another match.
    const other = (await client.post('/api/alerts', { keyword: 'helpscout beacon' }))
      .body as AlertInput;
    await store([{ ...page[0]!, alert: other }]);
    expect(await filteredToday(client)).toBe(3);
  });

  test('each user’s lists apply to their own alerts only', async () => {
    const excluding = await setup('freshdesk', { subreddits: [], authors: ['competitor_hq'] });
    const other = await setup('freshdesk', { subreddits: [], authors: [] });
    const page = [
      match(excluding.alert, { author: 'Competitor_HQ' }),
      match(other.alert, { author: 'Competitor_HQ' }),
    ];
    expect(await store(page)).toEqual({ stored: 1, overQuota: 0 });
    expect(await storedFor(excluding.user.id)).toEqual([]);
    expect(await storedFor(other.user.id)).toEqual([page[1].item.id]);
    expect(await filteredToday(excluding.client)).toBe(1);
    expect(await filteredToday(other.client)).toBe(0);
  });

  test('a whole page is filtered with one counter row per user and day', async () => {
    const { user, alert } = await setup('intercom', { subreddits: ['spamsub'], authors: [] });
    const page = Array.from({ length: 120 }, (_, i) =>
      match(alert, { subreddit: i % 3 === 0 ? 'saas' : 'spamsub' }),
    );
    expect(await store(page)).toEqual({ stored: 40, overQuota: 0 });
    const counters = await t.db
      .select()
      .from(exclusionCounts)
      .where(eq(exclusionCounts.workspaceId, user.id));
    expect(counters).toEqual([
      { workspaceId: user.id, day: t.clock.now().toISOString().slice(0, 10), filtered: 80 },
    ]);
  });

  test('the past-week backfill is filtered too', async () => {
    const { client, user, alert } = await setup('hubspot', {
      subreddits: [],
      authors: ['spambot'],
    });
    const kept = match(alert);
    expect(await store([match(alert, { author: 'SpamBot' }), kept], { backfilled: true })).toEqual({
      stored: 1,
      overQuota: 0,
    });
    const [row] = await t.db.select().from(mentions).where(eq(mentions.workspaceId, user.id));
    expect(row).toMatchObject({ itemId: kept.item.id, isBackfilled: true });
    expect(await filteredToday(client)).toBe(1);
  });

  test('a match waiting for its score is dropped without being counted', async () => {
    const { client, alert } = await setup('salesforce', { subreddits: ['spamsub'], authors: [] });
    const waiting = match(alert, { subreddit: 'spamsub', belowMinScore: true });
    expect(await store([waiting])).toEqual({ stored: 0, overQuota: 0 });
    const candidates = await t.db
      .select()
      .from(scoreCandidates)
      .where(eq(scoreCandidates.redditId, waiting.item.id));
    expect(candidates).toEqual([]);
    expect(await filteredToday(client)).toBe(0);
  });

  test('excluded items do not use up a Free user’s monthly mentions', async () => {
    const { client, user, alert } = await setup('pipedrive', {
      subreddits: [],
      authors: ['automoderator'],
    });
    // 48 of the Free plan's 50 are used.
    await t.db.insert(mentions).values(
      Array.from({ length: 48 }, (_, i) => ({
        alertId: alert.id,
        workspaceId: user.id,
        itemId: `t3_used${i}`,
        subreddit: 'saas',
        permalink: 'https://www.reddit.com/r/saas/comments/1/',
        redditCreatedAt: t.clock.now(),
        matchedKeyword: 'pipedrive',
        createdAt: t.clock.now(),
      })),
    );
    const bots = Array.from({ length: 5 }, () => match(alert, { author: 'AutoModerator' }));
    const people = [match(alert), match(alert)];
    expect(await store([...bots, ...people])).toEqual({ stored: 2, overQuota: 0 });
    const stats = (await client.get('/api/stats')).body;
    expect(stats.monthMentions).toBe(50);
    expect(stats.skippedMentions).toBe(0);
    expect(await filteredToday(client)).toBe(5);

    // Past the quota, an excluded item is filtered, not counted as skipped over the quota.
    expect(await store([match(alert, { author: 'automoderator' }), match(alert)])).toEqual({
      stored: 0,
      overQuota: 1,
    });
    expect((await client.get('/api/stats')).body.skippedMentions).toBe(1);
    expect(await filteredToday(client)).toBe(6);
  });

  test('emptied lists exclude nothing', async () => {
    const { client, user, alert } = await setup('zoho', { subreddits: ['spamsub'], authors: [] });
    await client.put('/api/exclusions', { subreddits: [], authors: [] });
    expect(await store([match(alert, { subreddit: 'spamsub' })])).toEqual({
      stored: 1,
      overQuota: 0,
    });
    expect(await storedFor(user.id)).toHaveLength(1);
  });
});
