import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { alerts } from '../../src/server/db/schema';
import { insertMentions } from '../helpers/mentions';
import { build } from '../helpers/test-app';
import { describeVolume, type VolumeEstimate } from '../../src/shared/volume-estimate';

const t = await build();

const LIMIT_MESSAGE = 'Free plan allows 3 active keywords. Upgrade to Pro for unlimited keywords.';

describe('creating alerts', () => {
  test('applies the alert defaults and normalizes subreddits, keeping their casing', async () => {
    const { client, user } = await t.signedIn();
    const res = await client.post('/api/alerts', {
      keyword: '"customer support" AND (zendesk OR freshdesk) -jobs',
      subreddits: ' r/SaaS, /r/startups ,saas, Startups/ ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: user.id,
      keyword: '"customer support" AND (zendesk OR freshdesk) -jobs',
      subreddits: 'SaaS,startups',
      includeComments: true,
      titlesOnly: false,
      minScore: 1,
      digestFrequency: 'realtime',
      isActive: true,
      isPaused: false,
      lastError: null,
      pollPriority: 0,
      channelIds: [],
    });
    expect(res.body.createdAt).toBe(t.clock.now().toISOString());
    const list = await client.get('/api/alerts');
    expect(list.body).toHaveLength(1);
    // Matching and listings compare lower-cased names; the casing is for display only.
    const [row] = await t.db.select().from(alerts).where(eq(alerts.id, res.body.id));
    expect(row.subreddits).toBe('saas,startups');

    const recased = await client.put(`/api/alerts/${res.body.id}`, {
      subreddits: 'saas, Startups',
    });
    expect(recased.body.subreddits).toBe('saas,Startups');
    const [after] = await t.db.select().from(alerts).where(eq(alerts.id, res.body.id));
    expect(after.subreddits).toBe('saas,startups');
  });

  test.each([
    [{ keyword: '"customer support' }, 'keyword', /quote/i],
    [{ keyword: 'a AND' }, 'keyword', /AND/],
    [{ keyword: '' }, 'keyword', /required/i],
    [{ keyword: '-jobs' }, 'keyword', /./],
    [{}, 'keyword', /required/i],
    [{ keyword: 'x'.repeat(300) }, 'keyword', /256/],
    [{ keyword: 'x'.repeat(100_000) }, 'keyword', /256/],
    [
      { keyword: 'ok', subreddits: Array.from({ length: 51 }, (_, i) => `sub${i}`).join(',') },
      'subreddits',
      /50/,
    ],
    [{ keyword: 'ok', subreddits: 'not a sub!' }, 'subreddits', /valid subreddit/],
    [{ keyword: 'ok', minScore: 'abc' }, 'minScore', /number/],
    [{ keyword: 'ok', minScore: -5 }, 'minScore', /at least 1/],
    [{ keyword: 'ok', minScore: 0 }, 'minScore', /at least 1/],
    [{ keyword: 'ok', minScore: 1.5 }, 'minScore', /whole number/],
    [{ keyword: 'ok', minScore: 1e9 }, 'minScore', /at most/],
    [{ keyword: 'ok', digestFrequency: 'weekly' }, 'digestFrequency', /realtime/],
    [{ keyword: 'ok', includeComments: 'yes' }, 'includeComments', /true or false/],
  ])('rejects %j with a 400 on %s', async (body, field, message) => {
    const { client } = await t.signedIn();
    const res = await client.post('/api/alerts', body);
    expect(res.status).toBe(400);
    expect(res.body.details[field]).toMatch(message);
    expect(res.body.message).toContain(field);
    expect((await client.get('/api/alerts')).body).toHaveLength(0);
  });

  test.each([
    ['the keyword', { keyword: 'zen\u0000desk' }, 'keyword'],
    ['the subreddits', { keyword: 'ok', subreddits: 'saas,\u0000' }, 'subreddits'],
    ['a key', { keyword: 'ok', ['x\u0000']: 1 }, 'body'],
  ])('a NUL character in %s is a 400 with a message, never a 500', async (_, body, field) => {
    const { client } = await t.signedIn();
    const res = await client.post('/api/alerts', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Invalid ${field}: must not contain NUL characters`);
    expect(res.body.details[field]).toBe('Must not contain NUL characters');
    expect((await client.get('/api/alerts')).body).toHaveLength(0);
  });

  test('read-only fields in the body are ignored', async () => {
    const other = await t.signedIn();
    const { client, user } = await t.signedIn();
    const res = await client.post('/api/alerts', {
      keyword: 'zendesk',
      id: 4242,
      userId: other.user.id,
      createdAt: '2001-01-01T00:00:00Z',
      lastError: 'forged',
      pollPriority: 99,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: user.id, lastError: null, pollPriority: 0 });
    expect(res.body.id).not.toBe(4242);
    expect(res.body.createdAt).not.toBe('2001-01-01T00:00:00.000Z');
  });
});

describe('the Free plan limit', () => {
  test('a 4th active keyword is refused with 403; a paused one is allowed; resuming it is refused', async () => {
    const { client } = await t.signedIn();
    for (const keyword of ['one', 'two', 'three']) {
      expect((await client.post('/api/alerts', { keyword })).status).toBe(201);
    }
    const fourth = await client.post('/api/alerts', { keyword: 'four' });
    expect(fourth.status).toBe(403);
    expect(fourth.body.message).toBe(LIMIT_MESSAGE);

    const paused = await client.post('/api/alerts', { keyword: 'four', isActive: false });
    expect(paused.status).toBe(201);
    const resume = await client.put(`/api/alerts/${paused.body.id}`, {
      ...paused.body,
      isActive: true,
    });
    expect(resume.status).toBe(403);
    expect(resume.body.message).toBe(LIMIT_MESSAGE);

    const [first] = (await client.get('/api/alerts')).body.filter(
      (a: { keyword: string }) => a.keyword === 'one',
    );
    expect(
      (await client.put(`/api/alerts/${first.id}`, { ...first, isActive: false })).status,
    ).toBe(200);
    expect(
      (await client.put(`/api/alerts/${paused.body.id}`, { ...paused.body, isActive: true }))
        .status,
    ).toBe(200);
    const stats = await client.get('/api/stats');
    expect(stats.body.activeAlerts).toBe(3);
  });

  test('concurrent creates cannot exceed the limit', async () => {
    const { client } = await t.signedIn();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => client.post('/api/alerts', { keyword: `race${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 403)).toHaveLength(3);
  });
});

describe('updating and deleting', () => {
  test('pause/resume sends the whole alert back; read-only fields are not written', async () => {
    const { client } = await t.signedIn();
    const created = (await client.post('/api/alerts', { keyword: 'helpdesk', subreddits: 'saas' }))
      .body;
    t.clock.advance(60_000);
    const res = await client.put(`/api/alerts/${created.id}`, {
      ...created,
      isActive: false,
      userId: 1,
      id: 999,
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      userId: created.userId,
      isActive: false,
      createdAt: created.createdAt,
    });
    expect(res.body.updatedAt).toBe(t.clock.now().toISOString());
    const [row] = await t.db.select().from(alerts).where(eq(alerts.id, created.id));
    expect(row.workspaceId).toBe(created.userId);
  });

  test('a partial update changes only the named fields', async () => {
    const { client } = await t.signedIn();
    const created = (await client.post('/api/alerts', { keyword: 'helpdesk', minScore: 5 })).body;
    const res = await client.put(`/api/alerts/${created.id}`, { digestFrequency: 'email' });
    expect(res.body).toMatchObject({ keyword: 'helpdesk', minScore: 5, digestFrequency: 'email' });
    const bad = await client.put(`/api/alerts/${created.id}`, { keyword: '(unbalanced' });
    expect(bad.status).toBe(400);
    expect((await client.get('/api/alerts')).body[0].keyword).toBe('helpdesk');
  });

  test("another user's alert is a 404, exactly like a missing one", async () => {
    const owner = await t.signedIn();
    const created = (await owner.client.post('/api/alerts', { keyword: 'private' })).body;
    const { client } = await t.signedIn();
    for (const res of [
      await client.put(`/api/alerts/${created.id}`, { keyword: 'stolen' }),
      await client.delete(`/api/alerts/${created.id}`),
      await client.get(`/api/alerts/error-info/${created.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Alert not found');
    }
    expect((await client.get('/api/alerts/error-info/2147483000')).body.message).toBe(
      'Alert not found',
    );
    expect((await owner.client.get('/api/alerts')).body[0].keyword).toBe('private');
  });

  test.each(['abc', '1.5', '-1', '0', '1e3', '99999999999'])('id %s is a 400', async (id) => {
    const { client } = await t.signedIn();
    const res = await client.put(`/api/alerts/${id}`, { keyword: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/id/);
  });

  test('delete removes the alert; error-info reports status', async () => {
    const { client } = await t.signedIn();
    const created = (await client.post('/api/alerts', { keyword: 'helpdesk' })).body;
    const info = await client.get(`/api/alerts/error-info/${created.id}`);
    // This app has no Reddit credentials (limited mode): a site-wide alert is stored, not monitored.
    expect(info.body).toEqual({
      id: created.id,
      keyword: 'helpdesk',
      status: 'error',
      lastError: 'Site-wide monitoring needs Reddit API credentials — see the README',
    });
    await client.put(`/api/alerts/${created.id}`, { isActive: false });
    expect((await client.get(`/api/alerts/error-info/${created.id}`)).body).toMatchObject({
      status: 'paused',
      lastError: null,
    });
    expect((await client.delete(`/api/alerts/${created.id}`)).status).toBe(204);
    expect((await client.delete(`/api/alerts/${created.id}`)).status).toBe(404);
    expect((await client.get('/api/alerts')).body).toHaveLength(0);
  });

  test('requests without a session are 401, even with a bad body', async () => {
    const res = await t.client().post('/api/alerts', { keyword: '' });
    expect(res.status).toBe(401);
  });
});

describe('stats', () => {
  test('counts active alerts and reports the plan limits', async () => {
    const { client } = await t.signedIn();
    await client.post('/api/alerts', { keyword: 'a1' });
    await client.post('/api/alerts', { keyword: 'a2', isActive: false });
    const res = await client.get('/api/stats');
    expect(res.body).toEqual({
      activeAlerts: 1,
      todayMentions: 0,
      repliedCount: 0,
      monthMentions: 0,
      skippedMentions: 0,
      limits: { activeKeywords: 3, monthlyMentions: 50, seats: 1 },
      keywordUsage: [],
    });
  });

  test('names the keywords using the month’s mentions, with the pace of their live matches', async () => {
    const { client, user } = await t.signedIn();
    const fast = (await client.post('/api/alerts', { keyword: 'slack' })).body;
    const slow = (await client.post('/api/alerts', { keyword: 'zendesk' })).body;
    const quiet = (await client.post('/api/alerts', { keyword: 'freshdesk' })).body;
    const now = t.clock.now().getTime();
    const at = (msAgo: number) => ({ createdAt: new Date(now - msAgo) });
    // slack: 12 live matches in its first 3 minutes, 20 minutes ago → 12 per 20 min = 864 a day.
    for (let i = 0; i < 12; i++) {
      await insertMentions(t.db, { ...fast, userId: user.id }, 1, at(20 * 60_000 - i * 15_000));
    }
    // zendesk: 6 live matches over the last 3 days → 2 a day; its 25 backfilled ones don't count.
    for (let i = 0; i < 6; i++) {
      await insertMentions(t.db, { ...slow, userId: user.id }, 1, at((3 - i / 2) * 86_400_000));
    }
    await insertMentions(t.db, { ...slow, userId: user.id }, 25, {
      ...at(3 * 86_400_000),
      isBackfilled: true,
    });
    // freshdesk: 2 matches say nothing about a pace.
    await insertMentions(t.db, { ...quiet, userId: user.id }, 2, at(60_000));

    const stats = (await client.get('/api/stats')).body;
    expect(stats.keywordUsage).toMatchObject([
      { alertId: slow.id, keyword: 'zendesk', monthMentions: 31, perDay: 2 },
      { alertId: fast.id, keyword: 'slack', monthMentions: 12, perDay: 864 },
      { alertId: quiet.id, keyword: 'freshdesk', monthMentions: 2, perDay: null },
    ]);
    // The estimate the dialog and the diagnostic page say, from the same figures: a range for
    // 6 and 12 matches, too few to tell for 2.
    const [zendesk, slack, freshdesk] = stats.keywordUsage.map(
      (k: { estimate: VolumeEstimate }) => k.estimate,
    );
    expect(describeVolume(zendesk)).toBe('Roughly 1–4 a day (from 6 matches)');
    expect(describeVolume(slack)).toBe('Roughly 500–1,400 a day (from 12 matches)');
    expect(describeVolume(freshdesk)).toBe('Too few to tell yet: 2 matches so far');
  });
});
