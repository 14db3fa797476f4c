import { describe, expect, test } from 'vitest';
import { buildIngestion, waitForReads, within } from '../helpers/ingestion';

const t = await buildIngestion();

describe('POST /api/test-reddit-api', () => {
  test('runs the alert’s search live and counts the posts its query matches', async () => {
    t.fake.addPost({
      subreddit: 'SaaS',
      title: 'Diagword is great',
      createdMs: Date.now() - 3600_000,
    });
    t.fake.addPost({
      subreddit: 'SaaS',
      title: 'diagword hiring',
      createdMs: Date.now() - 7200_000,
    });
    const { client } = await t.signedIn();
    const alert = (await client.post('/api/alerts', { keyword: 'diagword -hiring' })).body;
    const res = await client.post('/api/test-reddit-api', { alertId: alert.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, mentionsFound: 1, error: null });
  });

  test.each([
    ['a 500', { kind: 'status', status: 500, times: 3 }, /Reddit answered 500/],
    ['a 429', { kind: 'status', status: 429, times: 3, headers: { 'retry-after': '0' } }, /429/],
    [
      'malformed JSON',
      { kind: 'malformed', times: 6 },
      /not JSON|not a listing|other than a listing/,
    ],
  ] as const)('Reddit answering %s: success false with the reason', async (_, fault, reason) => {
    const { client } = await t.signedIn();
    const alert = (await client.post('/api/alerts', { keyword: 'faultyword' })).body;
    t.fake.injectFaults([{ match: '/search$', ...fault }]);
    const res = await client.post('/api/test-reddit-api', { alertId: alert.id });
    t.fake.clearFaults();
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.mentionsFound).toBe(0);
    expect(res.body.error).toMatch(reason);
  });

  test.each([
    [403, 'r/privsub is private or quarantined (Reddit answered 403)'],
    [404, 'r/privsub does not exist or is banned (Reddit answered 404)'],
  ])('Reddit refusing the alert’s subreddit (%i) is said in words', async (status, words) => {
    const { client } = await t.signedIn();
    const alert = (await client.post('/api/alerts', { keyword: 'refused', subreddits: 'Privsub' }))
      .body;
    t.fake.injectFaults([{ match: '/search$', kind: 'status', status, times: 3 }]);
    const res = await client.post('/api/test-reddit-api', { alertId: alert.id });
    t.fake.clearFaults();
    expect(res.body).toEqual({ success: false, mentionsFound: 0, error: words });
  });

  test('another user’s alert is 404; a bad alertId is 400; at most 10 tests a minute', async () => {
    const owner = await t.signedIn();
    const other = await t.signedIn();
    const alert = (await owner.client.post('/api/alerts', { keyword: 'mineonly' })).body;
    const stranger = await other.client.post('/api/test-reddit-api', { alertId: alert.id });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('Alert not found');
    for (const alertId of ['1', 1.5, -3, null, undefined]) {
      const res = await owner.client.post('/api/test-reddit-api', { alertId });
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await owner.client.post('/api/test-reddit-api', { alertId: alert.id })).status,
      );
    }
    // Bad bodies never reach the counter; the 11th test within the minute is refused.
    expect(statuses).toContain(429);
    expect((await t.client().post('/api/test-reddit-api', { alertId: alert.id })).status).toBe(401);
  });
});

describe('GET /api/alerts/error-info/{id} and /monitoring', () => {
  test('status is "error" while the alert’s listings fail, and the page data shows its listings', async () => {
    await t.startWorker();
    const { client } = await t.signedIn();
    const alert = (
      await client.post('/api/alerts', { keyword: 'statusword', subreddits: 'diagsub' })
    ).body;
    t.fake.optOutOfAll('diagsub');
    await waitForReads(t.fake, /diagsub[^/]*\/new/);
    await expect
      .poll(
        async () => (await client.get(`/api/alerts/error-info/${alert.id}`)).body.status,
        within,
      )
      .toBe('active');
    t.fake.injectFaults([
      { match: 'diagsub[^/]*/new$', kind: 'status', status: 503, times: Infinity },
    ]);
    await expect
      .poll(async () => (await client.get(`/api/alerts/error-info/${alert.id}`)).body, within)
      .toMatchObject({
        id: alert.id,
        keyword: 'statusword',
        status: 'error',
        lastError: expect.stringMatching(/503/),
      });
    const monitoring = (await client.get(`/api/alerts/${alert.id}/monitoring`)).body;
    expect(monitoring.mode).toBe('oauth');
    expect(monitoring.notice).toBeNull();
    expect(
      monitoring.listings.map((l: any) => `${l.kind} ${l.subreddits.join('+')}`).sort(),
    ).toEqual(['comments diagsub', 'posts diagsub']);
    expect(monitoring.listings.find((l: any) => l.kind === 'posts').lastError).toMatch(/503/);
    expect(monitoring.backfill).toMatchObject({ status: 'done' });
    t.fake.clearFaults();
    await expect
      .poll(
        async () => (await client.get(`/api/alerts/error-info/${alert.id}`)).body.status,
        within,
      )
      .toBe('active');
  }, 30_000);

  test('someone else’s alert, a missing one and a non-integer id', async () => {
    const owner = await t.signedIn();
    const other = await t.signedIn();
    const alert = (await owner.client.post('/api/alerts', { keyword: 'private' })).body;
    expect((await other.client.get(`/api/alerts/error-info/${alert.id}`)).status).toBe(404);
    expect((await other.client.get(`/api/alerts/${alert.id}/monitoring`)).status).toBe(404);
    expect((await owner.client.get('/api/alerts/error-info/999999')).body.message).toBe(
      'Alert not found',
    );
    expect((await owner.client.get('/api/alerts/error-info/abc')).status).toBe(400);
    expect((await owner.client.get('/api/alerts/1.5/monitoring')).status).toBe(400);
  });
});
