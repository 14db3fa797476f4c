import { eq, like } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { loadActiveAlerts } from '../../src/server/ingestion/alert-index-sync';
import { storeMatches, type MatchedItem } from '../../src/server/ingestion/store-mentions';
import { compileAlertIndex } from '../../src/server/matching';
import type { RedditItem } from '../../src/server/reddit';
import { mentionQuotaSkips, mentions } from '../../src/server/db/schema';
import { insertMentions } from '../helpers/mentions';
import { redditSourceItem } from '../../src/server/ingestion/reddit-source-item';
import { build } from '../helpers/test-app';

const t = await build();

const item = (fullname: string, title: string): RedditItem => ({
  fullname,
  kind: 'post',
  subreddit: 'saas',
  title,
  body: '',
  permalink: `https://www.reddit.com/r/saas/comments/${fullname.slice(3)}/`,
  author: 'someone',
  score: 3,
  commentCount: 0,
  createdAt: new Date(),
  removed: false,
  nsfw: false,
});

/** Matches as the worker's index answers them, compiled from the alerts as they are now. */
async function matchNow(post: RedditItem): Promise<MatchedItem[]> {
  const index = compileAlertIndex(await loadActiveAlerts(t.db));
  return index
    .match({
      id: post.fullname,
      kind: 'post',
      subreddit: post.subreddit,
      title: post.title,
      body: '',
      score: post.score,
    })
    .map((m) => ({
      alert: index.alert(m.alertId)!,
      terms: m.terms,
      item: redditSourceItem(post),
    }));
}

const store = (matches: MatchedItem[]) =>
  t.db.transaction((tx) => storeMatches(tx, matches, t.clock.now()));

describe('an alert edited or deleted while its listing is being polled', () => {
  test('a match made before an edit, a pause or a delete reached the index is not stored', async () => {
    const { client } = await t.signedIn();
    const alert = (await client.post('/api/alerts', { keyword: 'racecar' })).body;
    const stale = await matchNow(item('t3_race1', 'a racecar post'));
    expect(stale).toHaveLength(1);

    await client.put(`/api/alerts/${alert.id}`, { keyword: 'racetrack' });
    expect(await store(stale)).toEqual({ stored: 0, overQuota: 0 });

    await client.put(`/api/alerts/${alert.id}`, { keyword: 'racecar', isActive: false });
    expect(await store(stale)).toEqual({ stored: 0, overQuota: 0 });

    await client.put(`/api/alerts/${alert.id}`, { isActive: true });
    expect(await store(stale)).toEqual({ stored: 1, overQuota: 0 });
    // The same page again (a re-read): nothing twice.
    expect(await store(stale)).toEqual({ stored: 0, overQuota: 0 });

    const again = await matchNow(item('t3_race2', 'racecar again'));
    await client.delete(`/api/alerts/${alert.id}`);
    // No foreign-key failure: the deleted alert's match is simply dropped.
    expect(await store(again)).toEqual({ stored: 0, overQuota: 0 });
  });
});

describe('permalinks in storage', () => {
  test('only Reddit’s own hosts are stored; anything else becomes the item’s path on Reddit', async () => {
    const { client } = await t.signedIn();
    await client.post('/api/alerts', { keyword: 'phishword' });
    const links: [string, string, string][] = [
      ['t3_phish1', 'vbscript:msgbox(1)', 'https://www.reddit.com/r/saas/comments/phish1/'],
      ['t3_phish2', 'https://evil.example/phish', 'https://www.reddit.com/r/saas/comments/phish2/'],
      ['t3_phish3', '//evil.example/r/saas/', 'https://www.reddit.com/r/saas/comments/phish3/'],
      [
        't3_phish4',
        'https://old.reddit.com/r/saas/comments/phish4/x/',
        'https://www.reddit.com/r/saas/comments/phish4/x/',
      ],
    ];
    for (const [fullname, permalink] of links) {
      const [match] = await matchNow({ ...item(fullname, 'a phishword post'), permalink });
      expect(await store([match])).toEqual({ stored: 1, overQuota: 0 });
    }
    const rows = await t.db.select().from(mentions).where(like(mentions.itemId, 't3_phish%'));
    expect(Object.fromEntries(rows.map((r) => [r.itemId, r.permalink]))).toEqual(
      Object.fromEntries(links.map(([fullname, , stored]) => [fullname, stored])),
    );
    const listed = (await client.get('/api/mentions')).body.items;
    expect(listed.map((m: { permalink: string }) => m.permalink).sort()).toEqual(
      links.map(([, , stored]) => stored).sort(),
    );
  });
});

describe('removed content in storage', () => {
  test('an item already removed when first read is stored as removed, without its text', async () => {
    const { client } = await t.signedIn();
    await client.post('/api/alerts', { keyword: 'goneword' });
    const [match] = await matchNow(item('t3_gone1', 'a goneword post'));
    const removed = { ...match, item: { ...match.item, body: '[removed]', removed: true } };
    expect(await store([removed])).toEqual({ stored: 1, overQuota: 0 });
    const [row] = await t.db.select().from(mentions).where(like(mentions.itemId, 't3_gone1'));
    expect(row).toMatchObject({ title: '', body: '', author: '[deleted]', subreddit: 'saas' });
    expect(row.removedAt).not.toBeNull();
    expect(row.permalink).toBe('https://www.reddit.com/r/saas/comments/gone1/');
  });
});

describe('one item, one charge (decision 025)', () => {
  test('an item matching two keywords is stored for both and counts once against the quota', async () => {
    const { client, user } = await t.signedIn();
    const zendesk = (await client.post('/api/alerts', { keyword: 'zendesk' })).body;
    await client.post('/api/alerts', { keyword: 'helpdesk' });
    // 49 of the Free plan's 50 items this month are used.
    await insertMentions(t.db, { ...zendesk, workspaceId: user.id }, 49, {
      createdAt: t.clock.now(),
    });

    const both = await matchNow(item('t3_charge1', 'zendesk or a helpdesk?'));
    expect(both).toHaveLength(2);
    expect(await store(both)).toEqual({ stored: 2, overQuota: 0 });
    expect((await client.get('/api/stats')).body).toMatchObject({ monthMentions: 50 });

    // Past the quota: the next item is skipped once, however many keywords it matched.
    const next = await matchNow(item('t3_charge2', 'zendesk and helpdesk again'));
    expect(await store(next)).toEqual({ stored: 0, overQuota: 1 });
    const [skips] = await t.db
      .select()
      .from(mentionQuotaSkips)
      .where(eq(mentionQuotaSkips.workspaceId, user.id));
    expect(skips.skipped).toBe(1);

    // An item the user already holds this month costs nothing when another keyword matches it.
    const crm = (await client.post('/api/alerts', { keyword: 'zendesk OR crm' })).body;
    const again = (await matchNow(item('t3_charge1', 'zendesk or a helpdesk?'))).filter(
      (m) => m.alert.id === crm.id,
    );
    expect(await store(again)).toEqual({ stored: 1, overQuota: 0 });
  });
});
