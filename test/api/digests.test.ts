import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { digestConfigs, users } from '../../src/server/db/schema';
import { unsubscribeToken } from '../../src/server/email/digests/unsubscribe-token';
import { HttpClient } from '../helpers/http-client';
import { build, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await build({ DATA_DIR: '/tmp/earshot-digests-test' });
});

const settings = {
  frequency: 'weekly',
  time: '17:30',
  timezone: 'Europe/Paris',
  weekday: 5,
  isActive: true,
};

async function configOf(userId: number) {
  const [row] = await t.db.select().from(digestConfigs).where(eq(digestConfigs.userId, userId));
  return row;
}

describe('GET/PUT /api/digest-config', () => {
  test('registration creates the defaults in the timezone the browser sent', async () => {
    const client = t.client();
    const email = `tz-${Date.now()}@example.com`;
    const res = await client.post('/api/register', {
      username: email,
      email,
      password: 'correct horse',
      timezone: 'America/Los_Angeles',
    });
    expect(res.status).toBe(201);
    const config = await client.get('/api/digest-config');
    expect(config.status).toBe(200);
    expect(config.body).toEqual({
      frequency: 'daily',
      time: '08:00',
      timezone: 'America/Los_Angeles',
      weekday: 1,
      isActive: true,
      // The clock says 2026-11-21T12:00Z = 04:00 in Los Angeles: today 08:00 PST.
      nextSendAt: '2026-11-21T16:00:00.000Z',
      lastDigest: null,
      lastFailure: null,
      // Opt-in (decision 035): test/api/weekly-report.test.ts.
      weeklyReport: { isActive: false, nextSendAt: null },
    });
  });

  test('without a timezone, or with an unknown one, UTC', async () => {
    const { client } = await t.signedIn();
    expect((await client.get('/api/digest-config')).body).toMatchObject({
      timezone: 'UTC',
      nextSendAt: '2026-11-22T08:00:00.000Z',
    });
    const other = t.client();
    const email = `badtz-${Date.now()}@example.com`;
    await other.post('/api/register', { email, password: 'correct horse', timezone: 'Mars/Base' });
    expect((await other.get('/api/digest-config')).body.timezone).toBe('UTC');
  });

  test('PUT saves the settings and answers with the next send time', async () => {
    const { client } = await t.signedIn();
    const res = await client.put('/api/digest-config', settings);
    expect(res.status).toBe(200);
    // 2026-11-21 is a Saturday; next Friday 17:30 in Paris (UTC+1) is 16:30 UTC on the 27th.
    expect(res.body).toMatchObject({ ...settings, nextSendAt: '2026-11-27T16:30:00.000Z' });
    expect((await client.get('/api/digest-config')).body).toEqual(res.body);
  });

  test('the timezone chosen here is the one the dashboard counts days in too', async () => {
    const { client, user } = await t.signedIn();
    await client.put('/api/digest-config', { ...settings, timezone: 'Asia/Tokyo' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.timezone).toBe('Asia/Tokyo');
  });

  test('turning digests off clears the next send time', async () => {
    const { client } = await t.signedIn();
    const res = await client.put('/api/digest-config', { ...settings, isActive: false });
    expect(res.body.nextSendAt).toBeNull();
  });

  test.each([
    [
      { ...settings, frequency: 'hourly' },
      'frequency',
      'Frequency must be instant, daily or weekly',
    ],
    [{ ...settings, time: '25:00' }, 'time', 'Time must be HH:MM in 24-hour format'],
    [{ ...settings, time: '8:00' }, 'time', 'Time must be HH:MM in 24-hour format'],
    [
      { ...settings, timezone: 'Mars/Olympus' },
      'timezone',
      'Timezone is not a known IANA timezone (for example Europe/Paris)',
    ],
    [{ ...settings, weekday: 7 }, 'weekday', 'Weekday must be from 0 (Sunday) to 6 (Saturday)'],
    [{ ...settings, isActive: 'yes' }, 'isActive', 'isActive must be true or false'],
  ])('a bad value is a 400 naming the field (%#)', async (body, field, message) => {
    const { client } = await t.signedIn();
    const before = (await client.get('/api/digest-config')).body;
    const res = await client.put('/api/digest-config', body);
    expect(res.status).toBe(400);
    expect(res.body.details[field]).toBe(message);
    expect(res.body.message).toBe(`Invalid ${field}: ${message}`);
    expect((await client.get('/api/digest-config')).body).toEqual(before);
  });

  test('signed out is a 401', async () => {
    expect((await t.client().get('/api/digest-config')).status).toBe(401);
    expect((await t.client().put('/api/digest-config', settings)).status).toBe(401);
  });
});

describe('unsubscribe', () => {
  async function userAndToken() {
    const signed = await t.signedIn();
    const config = await configOf(signed.user.id);
    return { ...signed, token: unsubscribeToken(signed.user.id, config.unsubscribeSecret) };
  }

  test('one-click POST (RFC 8058) works without a session and without an Origin', async () => {
    const { user, token } = await userAndToken();
    const res = await fetch(`${t.url}/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You are unsubscribed');
    expect((await configOf(user.id)).isActive).toBe(false);
  });

  test('a provider posting multipart form data, or with its own Origin, is accepted too', async () => {
    const { user, token } = await userAndToken();
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const res = await fetch(`${t.url}/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { origin: 'https://mail.example.net' },
      body: form,
    });
    expect(res.status).toBe(200);
    expect((await configOf(user.id)).isActive).toBe(false);
  });

  test('GET shows a page and changes nothing; the page unsubscribes and re-subscribes', async () => {
    const { user, token, client } = await userAndToken();
    const page = await t.client().get(`/unsubscribe?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('Unsubscribe from digests?');
    expect(page.text).toContain(`action="/unsubscribe?token=${token}"`);
    expect((await configOf(user.id)).isActive).toBe(true);

    const browser = new HttpClient(t.url, { origin: 'http://localhost:3000' });
    const done = await browser.request(
      'POST',
      `/unsubscribe?token=${token}`,
      'action=unsubscribe',
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
    expect(done.text).toContain('Re-subscribe');
    expect((await client.get('/api/digest-config')).body.isActive).toBe(false);
    expect((await t.client().get(`/unsubscribe?token=${token}`)).text).toContain(
      'You are unsubscribed',
    );

    const back = await browser.request(
      'POST',
      `/unsubscribe?token=${token}`,
      'action=resubscribe',
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
    expect(back.status).toBe(200);
    expect(back.text).toContain('Digests are back on');
    const config = (await client.get('/api/digest-config')).body;
    expect(config.isActive).toBe(true);
    expect(config.nextSendAt).not.toBeNull();
  });

  test.each([
    ['a changed mac', (token: string) => token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA')],
    ['another user id', (token: string) => token.replace(/^\d+/, (id) => String(Number(id) + 1))],
    ['garbage', () => 'x'.repeat(50)],
    ['nothing', () => ''],
  ])('a tampered token (%s) is a 400 and changes nothing', async (_name, tamper) => {
    const { user, token } = await userAndToken();
    const neighbour = await userAndToken();
    const bad = encodeURIComponent(tamper(token));
    const post = await fetch(`${t.url}/unsubscribe?token=${bad}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(400);
    expect(await post.text()).toContain('This link is not valid');
    expect((await t.client().get(`/unsubscribe?token=${bad}`)).status).toBe(400);
    expect((await configOf(user.id)).isActive).toBe(true);
    expect((await configOf(neighbour.user.id)).isActive).toBe(true);
  });

  test('rotating the per-user secret revokes old links', async () => {
    const { user, token } = await userAndToken();
    await t.db
      .update(digestConfigs)
      .set({ unsubscribeSecret: 'rotated-secret-value' })
      .where(eq(digestConfigs.userId, user.id));
    const res = await fetch(`${t.url}/unsubscribe?token=${token}`, { method: 'POST' });
    expect(res.status).toBe(400);
    expect((await configOf(user.id)).isActive).toBe(true);
  });

  test('other writes still need a matching Origin', async () => {
    const { client } = await t.signedIn();
    const res = await client.request('PUT', '/api/digest-config', settings, {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
  });
});
