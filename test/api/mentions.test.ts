import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { mentions } from '../../src/server/db/schema';
import { SESSION_COOKIE } from '../../src/server/accounts/sessions';
import * as repo from '../../src/server/mentions/repo';
import { HttpClient } from '../helpers/http-client';
import { insertAlert, insertMentions } from '../helpers/mentions';
import { build } from '../helpers/test-app';

const t = await build();
const minute = 60_000;

/** A signed-in user in `timezone` with one alert per keyword. */
async function userWith(keywords: string[], timezone = 'UTC') {
  const email = `m-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const client = new HttpClient(t.url);
  const res = await client.post('/api/register', {
    username: email,
    email,
    password: 'correct horse battery',
    timezone,
  });
  expect(res.status).toBe(201);
  const userId: number = res.body.id;
  const alerts = [];
  for (const keyword of keywords) alerts.push(await insertAlert(t.db, userId, keyword));
  return { client, userId, alerts };
}

async function allPages(client: HttpClient, query: string, limit: number) {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await client.get(`/api/mentions?limit=${limit}${query}${suffix}`);
    expect(res.status).toBe(200);
    ids.push(...res.body.items.map((m: { id: number }) => m.id));
    cursor = res.body.nextCursor;
  } while (cursor);
  return ids;
}

describe('GET /api/mentions', () => {
  test('pages newest first by Reddit time then id, each item with its keyword', async () => {
    const { client, alerts } = await userWith(['zendesk', '"customer support"']);
    await insertMentions(t.db, alerts[0], 3);
    // Two mentions at the same instant: the id breaks the tie.
    await insertMentions(t.db, alerts[1], 2, { redditCreatedAt: new Date('2026-11-21T10:01:00Z') });
    const res = await client.get('/api/mentions?limit=2');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(2);
    expect(res.body.nextCursor).toEqual(expect.any(String));
    const all = await client.get('/api/mentions');
    const items = all.body.items;
    expect(items).toHaveLength(5);
    expect(all.body.nextCursor).toBeNull();
    const order = items.map((m: any) => [m.redditCreatedAt, m.id]);
    const sorted = [...order].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1));
    expect(order).toEqual(sorted);
    expect(items[0]).toMatchObject({
      alertId: alerts[0].id,
      keyword: 'zendesk',
      subreddit: 'SaaS',
      isComment: false,
      isRead: false,
      hasReplied: false,
    });
    expect(Object.keys(items[0]).sort()).toEqual(
      [
        'id',
        'alertId',
        'keyword',
        'keywords',
        'source',
        'subreddit',
        'community',
        'title',
        'body',
        'permalink',
        'author',
        'score',
        'commentCount',
        'isComment',
        'redditCreatedAt',
        'createdAt',
        'matchedKeyword',
        'isRead',
        'hasReplied',
        'repliedBy',
        'reply',
        'repliedAt',
        'assignedTo',
        'isBackfilled',
        'removedAt',
        'hidden',
        'feedback',
      ].sort(),
    );
  });

  test('says which mentions came from the backfill and which Reddit has removed since', async () => {
    const { client, alerts } = await userWith(['intercom']);
    const removedAt = new Date('2026-11-21T12:00:00Z');
    const [removed] = await insertMentions(t.db, alerts[0], 1, { removedAt });
    const [backfilled] = await insertMentions(t.db, alerts[0], 1, { isBackfilled: true });
    const items = (await client.get('/api/mentions')).body.items;
    expect(items.find((m: { id: number }) => m.id === removed.id)).toMatchObject({
      removedAt: removedAt.toISOString(),
      isBackfilled: false,
    });
    expect(items.find((m: { id: number }) => m.id === backfilled.id)).toMatchObject({
      removedAt: null,
      isBackfilled: true,
    });
  });

  test('no item is skipped or repeated while new mentions arrive between pages', async () => {
    const { client, alerts } = await userWith(['stripe']);
    const base = Date.parse('2026-11-10T00:00:00Z');
    const rows = Array.from({ length: 130 }, (_, i) => ({
      // Groups of three share an instant, so ties sit on page boundaries too.
      redditCreatedAt: new Date(base + Math.floor(i / 3) * minute),
    }));
    const original: number[] = [];
    for (const fields of rows) {
      const [row] = await insertMentions(t.db, alerts[0], 1, fields);
      original.push(row.id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await client.get(`/api/mentions?limit=25${suffix}`);
      seen.push(...res.body.items.map((m: { id: number }) => m.id));
      cursor = res.body.nextCursor;
      // Newer items, items at the same instant as the page's last one, and late older items.
      await insertMentions(t.db, alerts[0], 2, { redditCreatedAt: new Date(base + 1e9 + page) });
      const last = res.body.items.at(-1);
      if (last)
        await insertMentions(t.db, alerts[0], 1, {
          redditCreatedAt: new Date(last.redditCreatedAt),
        });
      page += 1;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of original) expect(seen).toContain(id);
  });

  test('limit defaults to 50 and allows up to 200', async () => {
    const { client, alerts } = await userWith(['paddle']);
    await insertMentions(t.db, alerts[0], 210);
    expect((await client.get('/api/mentions')).body.items).toHaveLength(50);
    expect((await client.get('/api/mentions?limit=200')).body.items).toHaveLength(200);
    expect(await allPages(client, '', 200)).toHaveLength(210);
  });

  test('filters by alert, subreddit substring, replied state and day, on the server', async () => {
    const { client, alerts } = await userWith(['alpha', 'beta']);
    await insertMentions(t.db, alerts[0], 3, { subreddit: 'SaaS' });
    await insertMentions(t.db, alerts[0], 2, { subreddit: 'startups' });
    await insertMentions(t.db, alerts[1], 4, { subreddit: 'Entrepreneur', hasReplied: true });
    await insertMentions(t.db, alerts[1], 1, { subreddit: 'sa_as' });
    const count = async (query: string) => (await allPages(client, query, 200)).length;
    expect(await count('')).toBe(10);
    expect(await count(`&alertId=${alerts[0].id}`)).toBe(5);
    expect(await count('&subreddit=saas')).toBe(3);
    expect(await count('&subreddit=r/SAAS')).toBe(3);
    expect(await count('&subreddit=TART')).toBe(2);
    // LIKE wildcards are taken literally.
    expect(await count('&subreddit=a_a')).toBe(1);
    expect(await count('&subreddit=%25')).toBe(0);
    expect(await count('&replied=true')).toBe(4);
    expect(await count('&replied=false')).toBe(6);
    expect(await count(`&alertId=${alerts[1].id}&replied=false`)).toBe(1);
    const other = await userWith(['gamma']);
    expect(await count(`&alertId=${other.alerts[0].id}`)).toBe(0);
  });

  test('since is an inclusive day in the user timezone', async () => {
    const { client, alerts } = await userWith(['omega'], 'America/New_York');
    // Midnight of Nov 20 in New York is 05:00 UTC.
    for (const at of ['2026-11-20T04:59:59Z', '2026-11-20T05:00:00Z', '2026-11-21T03:00:00Z']) {
      await insertMentions(t.db, alerts[0], 1, { redditCreatedAt: new Date(at) });
    }
    const since = async (day: string) => (await allPages(client, `&since=${day}`, 50)).length;
    expect(await since('2026-11-19')).toBe(3);
    expect(await since('2026-11-20')).toBe(2);
    expect(await since('2026-11-21')).toBe(0);
  });

  test.each([
    ['cursor=garbage', /cursor/i],
    [`cursor=v1.${Buffer.from('{"t":"x","i":1}').toString('base64url')}`, /cursor/i],
    ['limit=0', /limit/],
    ['limit=10000', /limit/],
    ['limit=-1', /limit/],
    ['limit=ten', /limit/],
    ['limit=1&limit=2', /limit/],
    ['since=yesterday', /since/],
    ['since=2026-02-30', /since/],
    ['replied=maybe', /replied/],
    ['alertId=abc', /alertId/],
    ['alertId=0', /alertId/],
    ['alertId=99999999999', /alertId/],
    [`subreddit=${'x'.repeat(101)}`, /subreddit/],
  ])('%s is a 400 with a message', async (query, message) => {
    const { client } = await userWith([]);
    const res = await client.get(`/api/mentions?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  test('signed out is a 401', async () => {
    expect((await t.client().get('/api/mentions')).status).toBe(401);
  });
});

describe('PUT /api/mentions/:id/replied and /read', () => {
  test('replied toggles, answers the mention and moves repliedCount', async () => {
    const { client, alerts } = await userWith(['zendesk']);
    const [row] = await insertMentions(t.db, alerts[0], 1);
    const on = await client.put(`/api/mentions/${row.id}/replied`, { hasReplied: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ id: row.id, hasReplied: true, keyword: 'zendesk' });
    expect((await client.get('/api/stats')).body.repliedCount).toBe(1);
    const off = await client.put(`/api/mentions/${row.id}/replied`, { hasReplied: false });
    expect(off.body.hasReplied).toBe(false);
    expect((await client.get('/api/stats')).body.repliedCount).toBe(0);
  });

  test('read marks the mention read', async () => {
    const { client, alerts } = await userWith(['zendesk']);
    const [row] = await insertMentions(t.db, alerts[0], 1);
    const res = await client.put(`/api/mentions/${row.id}/read`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: row.id, isRead: true, hasReplied: false });
  });

  test("another user's mention is a 404 and stays unchanged", async () => {
    const owner = await userWith(['zendesk']);
    const [row] = await insertMentions(t.db, owner.alerts[0], 1);
    const stranger = await userWith([]);
    const replied = await stranger.client.put(`/api/mentions/${row.id}/replied`, {
      hasReplied: true,
    });
    expect(replied.status).toBe(404);
    expect(replied.body.message).toBe('Mention not found');
    expect((await stranger.client.put(`/api/mentions/${row.id}/read`)).status).toBe(404);
    expect((await stranger.client.put('/api/mentions/2147483647/read')).status).toBe(404);
    const [stored] = await t.db.select().from(mentions).where(eq(mentions.id, row.id));
    expect(stored).toMatchObject({ hasReplied: false, isRead: false });
  });

  test.each([
    [{ hasReplied: 'yes' }, /hasReplied/],
    [{}, /hasReplied/],
  ])('body %j is a 400', async (body, message) => {
    const { client, alerts } = await userWith(['zendesk']);
    const [row] = await insertMentions(t.db, alerts[0], 1);
    const res = await client.put(`/api/mentions/${row.id}/replied`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  test('an id that is not a number is a 400', async () => {
    const { client } = await userWith([]);
    expect((await client.put('/api/mentions/abc/read')).status).toBe(400);
  });
});

describe('GET /api/mentions/activity', () => {
  test('counts per local day and alert for the last 30 days, today last', async () => {
    // The test clock says 2026-11-21T12:00Z: 07:00 on Nov 21 in New York.
    const { client, alerts } = await userWith(['alpha', 'beta'], 'America/New_York');
    const at = (iso: string) => ({ createdAt: new Date(iso) });
    await insertMentions(t.db, alerts[0], 2, at('2026-11-21T05:00:00Z')); // Nov 21, 00:00 local
    await insertMentions(t.db, alerts[0], 1, at('2026-11-21T04:59:00Z')); // Nov 20, 23:59 local
    await insertMentions(t.db, alerts[1], 4, at('2026-11-01T12:00:00Z'));
    await insertMentions(t.db, alerts[1], 1, at('2026-10-01T12:00:00Z')); // before the window
    const res = await client.get('/api/mentions/activity?days=30');
    expect(res.status).toBe(200);
    expect(res.body.timezone).toBe('America/New_York');
    expect(res.body.days).toHaveLength(30);
    expect(res.body.days.at(-1)).toBe('2026-11-21');
    expect(res.body.days[0]).toBe('2026-10-23');
    const [beta, alpha] = res.body.series;
    expect(beta).toMatchObject({ alertId: alerts[1].id, keyword: 'beta' });
    expect(beta.counts[res.body.days.indexOf('2026-11-01')]).toBe(4);
    expect(beta.counts.reduce((a: number, b: number) => a + b)).toBe(4);
    expect(alpha.counts.at(-1)).toBe(2);
    expect(alpha.counts.at(-2)).toBe(1);
  });

  test.each(['days=0', 'days=91', 'days=x'])('%s is a 400', async (query) => {
    const { client } = await userWith([]);
    expect((await client.get(`/api/mentions/activity?${query}`)).status).toBe(400);
  });

  test('a user without mentions gets empty series', async () => {
    const { client } = await userWith(['alpha']);
    const res = await client.get('/api/mentions/activity');
    expect(res.body.series).toEqual([]);
    expect(res.body.days).toHaveLength(30);
  });
});

describe('GET /api/mentions/export.csv', () => {
  const parse = (text: string) =>
    text
      .replace(/^\ufeff/, '')
      .split('\r\n')
      .filter(Boolean);

  test('quotes fields as RFC 4180 says and defuses formulas', async () => {
    const { client, alerts } = await userWith(['zendesk']);
    await insertMentions(t.db, alerts[0], 1, {
      title: '=HYPERLINK("http://evil.example","click")',
      body: 'line one\nline "two", with a comma',
      author: '@admin',
      subreddit: 'SaaS',
      score: -3,
    });
    const res = await client.get('/api/mentions/export.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.csv"/);
    expect(res.text).toMatch(/^id,reddit_created_at,keyword,subreddit,type,title,body,author,/);
    // fetch's text() drops the byte order mark Excel needs: look at the bytes.
    const raw = await fetch(`${t.url}/api/mentions/export.csv`, {
      headers: { cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}` },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text).toContain(
      `,SaaS,post,"'=HYPERLINK(""http://evil.example"",""click"")","line one\nline ""two"", with a comma",'@admin,-3,`,
    );
  });

  test('says why each mention matched: which terms, where', async () => {
    const { client, alerts } = await userWith(['"help desk" (zendesk OR freshdesk)']);
    await insertMentions(t.db, alerts[0], 1, {
      title: 'Which help desk for three people?',
      body: 'We moved from Zendesk last year.',
      subreddit: 'SaaS',
    });
    const [header, row] = parse((await client.get('/api/mentions/export.csv')).text);
    expect(header.split(',').slice(-2)).toEqual(['why_matched', 'source']);
    // The cell holds quotes, so it is quoted and they are doubled (RFC 4180).
    expect(row.endsWith(',"""help desk"" (title); zendesk (text)",reddit')).toBe(true);
  });

  test('applies the filters, streams every row past one batch, and holds only own mentions', async () => {
    const { client, alerts } = await userWith(['alpha', 'beta']);
    await insertMentions(t.db, alerts[0], 1203, { subreddit: 'SaaS' });
    await insertMentions(t.db, alerts[1], 5, { subreddit: 'startups', hasReplied: true });
    const other = await userWith(['alpha']);
    await insertMentions(t.db, other.alerts[0], 7, { subreddit: 'SaaS' });
    const all = parse((await client.get('/api/mentions/export.csv')).text);
    expect(all).toHaveLength(1 + 1208);
    expect(new Set(all.slice(1).map((line) => line.split(',')[0])).size).toBe(1208);
    const replied = parse((await client.get('/api/mentions/export.csv?replied=true')).text);
    expect(replied).toHaveLength(1 + 5);
    expect(replied.slice(1).every((line) => line.includes(',beta,startups,'))).toBe(true);
    const bySub = await client.get('/api/mentions/export.csv?subreddit=start');
    expect(parse(bySub.text)).toHaveLength(1 + 5);
  });

  test('bad filters are a 400 before anything is streamed; signed out is a 401', async () => {
    const { client } = await userWith([]);
    const res = await client.get('/api/mentions/export.csv?since=yesterday');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/since/);
    expect((await t.client().get('/api/mentions/export.csv')).status).toBe(401);
  });
});

describe('GET /api/stats', () => {
  test('todayMentions counts what was stored since local midnight', async () => {
    // 12:00Z is Nov 22, 01:00 in Auckland (UTC+13): midnight was 11:00Z.
    const { client, alerts } = await userWith(['alpha'], 'Pacific/Auckland');
    await insertMentions(t.db, alerts[0], 2, { createdAt: new Date('2026-11-21T11:00:00Z') });
    await insertMentions(t.db, alerts[0], 3, { createdAt: new Date('2026-11-21T10:59:00Z') });
    const stats = (await client.get('/api/stats')).body;
    expect(stats.todayMentions).toBe(2);
    expect(stats.monthMentions).toBe(5);
    expect(stats.repliedCount).toBe(0);
  });
});

describe('query plans', () => {
  // The planner's own choice on 20k mentions of one user among others: a page must walk an index
  // in feed order and stop at the limit (no sort of the user's mentions). The bench prints the
  // plans at 50k.
  async function plan(query: SQLWrapper) {
    const result = (await t.db.execute(sql`explain (costs off) ${query}`)) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    return result.rows.map((r) => r['QUERY PLAN']).join('\n');
  }
  // A user with 20k mentions over two weeks (and fresh statistics): the planner's choice is real.
  const end = '2026-11-21T12:00:00Z';
  let userId = 0;
  beforeAll(async () => {
    const { alerts } = await userWith(['alpha', 'beta']);
    userId = alerts[0].workspaceId;
    await t.db.execute(sql`
      insert into mentions (alert_id, workspace_id, item_id, subreddit, permalink, reddit_created_at,
                            created_at, matched_keyword, has_replied)
      select ${alerts[0].id} + g % 2, ${userId}, 't3_plan' || g, 'sub' || g % 20, '/r/x/',
             ${end}::timestamptz - g * interval '1 minute', ${end}::timestamptz - g * interval '1 minute',
             'alpha', g % 50 = 0
      from generate_series(1, 20000) g`);
    // As autovacuum would have: statistics, and a visibility map for index-only scans.
    await t.db.execute(sql`vacuum analyze mentions`);
  });
  const after = { at: new Date('2026-11-21T00:00:00Z'), id: 10 };
  const day = new Date('2026-11-20T00:00:00Z');
  const bounds = [day, new Date('2026-11-21T00:00:00Z'), new Date('2026-11-22T00:00:00Z')];

  test.each([
    [
      'the first page',
      () => repo.feedPage(t.db, userId, {}, undefined, 51),
      'mentions_user_feed_idx',
    ],
    [
      'a page after a cursor',
      () => repo.feedPage(t.db, userId, {}, after, 51),
      'mentions_user_feed_idx',
    ],
    [
      'a filtered page',
      () => repo.feedPage(t.db, userId, { subreddit: 'saas', alertId: 3, since: day }, after, 51),
      // Whichever index is most selective for the filters: the feed's, the alert's (unique
      // per item), or for a one-day window the Reddit-time index the score re-checks use.
      /mentions_user_feed_idx|mentions_alert_source_item_uq|mentions_reddit_created_idx/,
    ],
    [
      'the replied filter',
      () => repo.feedPage(t.db, userId, { replied: true }, after, 51),
      'mentions_user_replied_idx',
    ],
    [
      'the activity window',
      () => repo.countByBucket(t.db, userId, bounds),
      'mentions_user_created_alert_idx',
    ],
  ])('%s reads %s', async (_name, query, index) => {
    const text = await plan(query());
    expect(text).toMatch(index);
    expect(text).not.toMatch(/Seq Scan on mentions/);
    if (!/filtered|activity/.test(_name)) expect(text).not.toMatch(/Sort\b/);
  });
});
