import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { startFakeChannels, type FakeChannels } from '../fakes/channels';
import { build, RealTimeClock, type TestApp } from '../helpers/test-app';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0';

let fake: FakeChannels;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeChannels();
});
afterAll(async () => {
  await fake.stop();
});

describe('channels (ALLOW_PRIVATE_WEBHOOKS=true, targets on a loopback fake)', async () => {
  // Real time: standardwebhooks refuses a signature more than five minutes off the clock.
  t = await build(
    { ALLOW_PRIVATE_WEBHOOKS: 'true', TELEGRAM_API_BASE: '' },
    { clock: new RealTimeClock() },
  );

  test('creates a Slack channel and lists it with the target masked', async () => {
    const { client } = await t.signedIn();
    const target = `${fake.url}/slack/services/T000/B000/secretAb3x`;
    const res = await client.post('/api/channels', { kind: 'slack', name: 'Team', target });
    expect(res.status).toBe(201);
    expect(res.body.secret).toBeUndefined();
    expect(res.body.channel).toEqual({
      id: expect.any(Number),
      kind: 'slack',
      name: 'Team',
      target: `${fake.url}/…/Ab3x`,
      hasToken: false,
      isPaused: false,
      pausedReason: null,
      lastDeliveryAt: null,
      lastError: null,
      createdAt: expect.any(String),
    });
    const list = await client.get('/api/channels');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ items: [res.body.channel] });
    expect(list.text).not.toContain('secretAb3x');
  });

  test.each(['tok€', 'tok\r\nX-Injected: yes', 'tok en'])(
    'an ntfy token %j is a 400 naming the token, and no channel is made',
    async (token) => {
      const { client } = await t.signedIn();
      const res = await client.post('/api/channels', {
        kind: 'ntfy',
        name: 'Phone',
        target: `${fake.url}/ntfy/alerts`,
        token,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: expect.stringMatching(/^Invalid token: Token must be printable ASCII/),
        details: { token: expect.stringMatching(/printable ASCII/) },
      });
      expect((await client.get('/api/channels')).body).toEqual({ items: [] });
    },
  );

  test('a webhook channel shows its whsec_ secret once; rotating gives a new one', async () => {
    const { client } = await t.signedIn();
    const res = await client.post('/api/channels', {
      kind: 'webhook',
      name: 'Zapier',
      target: `${fake.url}/hook/rotate`,
    });
    expect(res.status).toBe(201);
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const list = await client.get('/api/channels');
    expect(list.text).not.toContain(res.body.secret);
    const rotated = await client.post(`/api/channels/${res.body.channel.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(res.body.secret);
  });

  test('two channels of one user cannot share a name, case aside: 409 on the name', async () => {
    const owner = await t.signedIn();
    const other = await t.signedIn();
    const add = (client: typeof owner.client, name: string) =>
      client.post('/api/channels', { kind: 'ntfy', name, target: `${fake.url}/ntfy/topic` });
    const first = await add(owner.client, 'Team hook');
    expect(first.status).toBe(201);
    const message = 'You already have a channel named “team HOOK”: choose another name';
    const twin = await add(owner.client, 'team HOOK');
    expect(twin.status).toBe(409);
    expect(twin.body).toEqual({ message, details: { name: message } });
    // Another user's channels are theirs to name.
    expect((await add(other.client, 'Team hook')).status).toBe(201);

    const second = await add(owner.client, 'Phone');
    const renamed = await owner.client.request('PATCH', `/api/channels/${second.body.channel.id}`, {
      name: 'TEAM hook',
    });
    expect(renamed.status).toBe(409);
    expect(renamed.body.details).toEqual({
      name: 'You already have a channel named “TEAM hook”: choose another name',
    });
  });

  test('renames, pauses and resumes; deletes; another user’s channel is 404', async () => {
    const owner = await t.signedIn();
    const other = await t.signedIn();
    const created = await owner.client.post('/api/channels', {
      kind: 'ntfy',
      name: 'Phone',
      target: `${fake.url}/ntfy/earshot-topic`,
    });
    const id = created.body.channel.id;
    const renamed = await owner.client.request('PATCH', `/api/channels/${id}`, {
      name: 'My phone',
    });
    expect(renamed.body).toMatchObject({ name: 'My phone', isPaused: false });
    const paused = await owner.client.request('PATCH', `/api/channels/${id}`, { isPaused: true });
    expect(paused.body).toMatchObject({ isPaused: true, pausedReason: null });

    for (const [method, path, body] of [
      ['PATCH', `/api/channels/${id}`, { name: 'x' }],
      ['DELETE', `/api/channels/${id}`, undefined],
      ['POST', `/api/channels/${id}/test`, undefined],
      ['POST', `/api/channels/${id}/rotate-secret`, undefined],
    ] as const) {
      const res = await other.client.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ message: 'Channel not found' });
    }
    expect((await other.client.get('/api/channels')).body).toEqual({ items: [] });

    expect((await owner.client.delete(`/api/channels/${id}`)).status).toBe(204);
    expect((await owner.client.get('/api/channels')).body).toEqual({ items: [] });
    expect((await owner.client.delete(`/api/channels/${id}`)).status).toBe(404);
  });

  test.each([
    [
      'a Discord URL in the Slack field',
      { kind: 'slack', name: 'x', target: 'https://discord.com/api/webhooks/1/abc' },
      'target',
      /Discord/,
    ],
    [
      'a Slack URL in the Discord field',
      { kind: 'discord', name: 'x', target: 'https://hooks.slack.com/services/T/B/x' },
      'target',
      /Slack/,
    ],
    [
      'a Telegram token of the wrong shape',
      { kind: 'telegram', name: 'x', target: '12345', token: 'not-a-token' },
      'token',
      /digits, a colon/,
    ],
    [
      'a Telegram chat id that is neither a number nor @name',
      { kind: 'telegram', name: 'x', target: 'my chat', token: TOKEN },
      'target',
      /Chat id/,
    ],
    [
      'a 10,000-character name',
      { kind: 'webhook', name: 'n'.repeat(10_000), target: 'https://example.com/h' },
      'name',
      /at most 80/,
    ],
    [
      'an empty name',
      { kind: 'webhook', name: '   ', target: 'https://example.com/h' },
      'name',
      /required/,
    ],
    ['not a URL', { kind: 'webhook', name: 'x', target: 'not a url' }, 'target', /URL/],
    [
      'an ftp URL',
      { kind: 'webhook', name: 'x', target: 'ftp://example.com/h' },
      'target',
      /https/,
    ],
    [
      'an ntfy URL without a topic',
      { kind: 'ntfy', name: 'x', target: 'https://ntfy.sh/' },
      'target',
      /topic/,
    ],
    [
      'an unknown kind',
      { kind: 'pager', name: 'x', target: 'https://example.com' },
      'kind',
      /slack/,
    ],
    [
      'a 5,000-character target',
      { kind: 'webhook', name: 'x', target: `https://e.com/${'a'.repeat(5000)}` },
      'target',
      /2048/,
    ],
  ])('refuses %s with a 400 naming the field', async (_, body, field, message) => {
    const { client } = await t.signedIn();
    const res = await client.post('/api/channels', body);
    expect(res.status).toBe(400);
    expect(res.body.details[field]).toMatch(message);
    expect(res.body.message).toEqual(expect.any(String));
  });

  test('Send test: each kind’s fake receives the platform’s format and the answer is reported', async () => {
    const { client } = await t.signedIn();
    const make = async (body: object) => {
      const res = await client.post('/api/channels', body);
      expect(res.status).toBe(201);
      return res.body as { channel: { id: number }; secret?: string };
    };
    const slack = await make({
      kind: 'slack',
      name: 's',
      target: `${fake.url}/slack/services/T/B/t1`,
    });
    const discord = await make({
      kind: 'discord',
      name: 'd',
      target: `${fake.url}/discord/api/webhooks/1/t1`,
    });
    const ntfy = await make({
      kind: 'ntfy',
      name: 'n',
      target: `${fake.url}/ntfy/topic-t1`,
      token: 'tk_secret',
    });
    const hook = await make({ kind: 'webhook', name: 'w', target: `${fake.url}/hook/t1` });

    const test = (id: number) => client.post(`/api/channels/${id}/test`);
    expect((await test(slack.channel.id)).body).toEqual({
      ok: true,
      status: 200,
      message: 'Slack accepted the test message (HTTP 200)',
    });
    const slackReq = fake.at('/slack/services/T/B/t1').at(-1)!;
    expect(slackReq.json).toMatchObject({
      text: expect.stringContaining('Earshot'),
      blocks: expect.any(Array),
    });

    expect((await test(discord.channel.id)).body).toMatchObject({ ok: true, status: 204 });
    expect(fake.at('/discord/api/webhooks/1/t1').at(-1)!.json).toMatchObject({
      content: expect.stringContaining('Earshot'),
    });

    expect((await test(ntfy.channel.id)).body).toMatchObject({ ok: true, status: 200 });
    const ntfyReq = fake.at('/ntfy/topic-t1').at(-1)!;
    expect(ntfyReq.headers.authorization).toBe('Bearer tk_secret');
    expect(ntfyReq.headers.title).toBe('Earshot test');
    expect(ntfyReq.body).toContain('Earshot');

    expect((await test(hook.channel.id)).body).toMatchObject({ ok: true, status: 200 });
    const hookReq = fake.at('/hook/t1').at(-1)!;
    const verified = new Webhook(hook.secret!).verify(
      hookReq.body,
      hookReq.headers as Record<string, string>,
    );
    expect(verified).toMatchObject({ type: 'channel.test', timestamp: expect.any(String) });

    // An answer the target refuses is reported, still as a 200 of ours.
    fake.script('/slack/services/T/B/t1', { status: 404, body: 'no_service' });
    expect((await test(slack.channel.id)).body).toEqual({
      ok: false,
      status: 404,
      message: 'Slack says this webhook no longer exists (no_service)',
    });
    fake.script('/hook/t1', { status: 500, body: 'boom' });
    expect((await test(hook.channel.id)).body).toEqual({
      ok: false,
      status: 500,
      message: 'The webhook refused the test message: HTTP 500: boom',
    });

    // A test's answer is the channel's last delivery or last error, as a delivery's would be.
    const listed = async (id: number) =>
      ((await client.get('/api/channels')).body.items as Record<string, unknown>[]).find(
        (c) => c.id === id,
      )!;
    expect(await listed(hook.channel.id)).toMatchObject({
      lastError: 'The webhook refused the test message: HTTP 500: boom',
      lastDeliveryAt: expect.any(String),
    });
    expect((await test(hook.channel.id)).body).toMatchObject({ ok: true });
    expect(await listed(hook.channel.id)).toMatchObject({ lastError: null });
  });

  test('Send test on Telegram posts sendMessage to TELEGRAM_API_BASE with HTML parse mode', async () => {
    const tg = await build({
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      TELEGRAM_API_BASE: `${fake.url}/telegram`,
    });
    const { client } = await tg.signedIn();
    const ok = await client.post('/api/channels', {
      kind: 'telegram',
      name: 't',
      target: '-1001234',
      token: TOKEN,
    });
    expect(ok.status).toBe(201);
    expect(ok.body.channel).toMatchObject({ target: '-1001234', hasToken: true });
    expect(ok.text).not.toContain(TOKEN);
    expect((await client.post(`/api/channels/${ok.body.channel.id}/test`)).body).toMatchObject({
      ok: true,
      status: 200,
    });
    const req = fake.at(`/telegram/bot${TOKEN}/sendMessage`).at(-1)!;
    expect(req.json).toMatchObject({
      chat_id: '-1001234',
      parse_mode: 'HTML',
      text: expect.any(String),
    });

    const missing = await client.post('/api/channels', {
      kind: 'telegram',
      name: 'unknown chat',
      target: '4040',
      token: TOKEN,
    });
    expect((await client.post(`/api/channels/${missing.body.channel.id}/test`)).body).toEqual({
      ok: false,
      status: 400,
      message: 'Telegram: Bad Request: chat not found',
    });
  });

  test('Send test to a target that does not answer reports it, without a 500', async () => {
    const { client } = await t.signedIn();
    const res = await client.post('/api/channels', {
      kind: 'webhook',
      name: 'dead',
      target: 'http://127.0.0.1:1/hook',
    });
    const answer = await client.post(`/api/channels/${res.body.channel.id}/test`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ok: false,
      message: 'The webhook could not be reached: connection refused',
    });
  });

  test('a target answering 200 with a 50 MB body is read to 64 KB and counts as accepted', async () => {
    const { client } = await t.signedIn();
    const res = await client.post('/api/channels', {
      kind: 'webhook',
      name: 'huge',
      target: `${fake.url}/hook/huge`,
    });
    fake.script('/hook/huge', { hugeBytes: 50 * 1024 * 1024 });
    const started = Date.now();
    const answer = await client.post(`/api/channels/${res.body.channel.id}/test`);
    expect(answer.body).toMatchObject({ ok: true, status: 200 });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test('alerts carry channelIds; someone else’s channel is a 400 naming it', async () => {
    const owner = await t.signedIn();
    const other = await t.signedIn();
    const mine = await owner.client.post('/api/channels', {
      kind: 'webhook',
      name: 'w',
      target: `${fake.url}/hook/a`,
    });
    const theirs = await other.client.post('/api/channels', {
      kind: 'webhook',
      name: 'w',
      target: `${fake.url}/hook/b`,
    });
    const id = mine.body.channel.id;

    const created = await owner.client.post('/api/alerts', {
      keyword: 'stripe',
      channelIds: [id, id],
    });
    expect(created.status).toBe(201);
    expect(created.body.channelIds).toEqual([id]);
    const plain = await owner.client.post('/api/alerts', { keyword: 'paddle' });
    expect(plain.body.channelIds).toEqual([]);
    const list = await owner.client.get('/api/alerts');
    expect(list.body.map((a: { channelIds: number[] }) => a.channelIds).sort()).toEqual([[], [id]]);

    const foreign = await owner.client.post('/api/alerts', {
      keyword: 'x',
      channelIds: [theirs.body.channel.id],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details.channelIds).toMatch(/No such channel/);
    const bad = await owner.client.post('/api/alerts', { keyword: 'x', channelIds: ['a'] });
    expect(bad.status).toBe(400);

    const cleared = await owner.client.put(`/api/alerts/${created.body.id}`, { channelIds: [] });
    expect(cleared.body.channelIds).toEqual([]);
    const kept = await owner.client.put(`/api/alerts/${plain.body.id}`, { minScore: 5 });
    expect(kept.body.channelIds).toEqual([]);
    const set = await owner.client.put(`/api/alerts/${plain.body.id}`, { channelIds: [id] });
    expect(set.body.channelIds).toEqual([id]);
    // Deleting the channel takes it off its alerts.
    await owner.client.delete(`/api/channels/${id}`);
    const after = await owner.client.get('/api/alerts');
    expect(after.body.every((a: { channelIds: number[] }) => a.channelIds.length === 0)).toBe(true);
  });
});

describe('channels with ALLOW_PRIVATE_WEBHOOKS off (the default)', async () => {
  const strict = await build();

  test.each([
    ['plain http', { kind: 'webhook', target: 'http://example.com/hook' }, /https/],
    ['a loopback address', { kind: 'webhook', target: 'https://127.0.0.1/hook' }, /loopback/],
    ['localhost', { kind: 'webhook', target: 'https://localhost:8443/hook' }, /loopback/],
    ['a private address', { kind: 'webhook', target: 'https://10.1.2.3/hook' }, /private/],
    [
      'the metadata address',
      { kind: 'webhook', target: 'https://169.254.169.254/latest' },
      /metadata/,
    ],
    ['an IPv6 loopback', { kind: 'webhook', target: 'https://[::1]/hook' }, /loopback/],
    [
      'an IPv4-mapped private address',
      { kind: 'webhook', target: 'https://[::ffff:192.168.0.1]/hook' },
      /private/,
    ],
    ['a CGNAT address', { kind: 'ntfy', target: 'https://100.64.1.1/topic' }, /CGNAT/],
    [
      'a Slack field with another host',
      { kind: 'slack', target: 'https://example.com/services/x' },
      /hooks\.slack\.com/,
    ],
    [
      'a Discord field with another host',
      { kind: 'discord', target: 'https://example.com/api/webhooks/1' },
      /discord\.com/,
    ],
  ])('refuses %s', async (_, body, message) => {
    const { client } = await strict.signedIn();
    const res = await client.post('/api/channels', { name: 'x', ...body });
    expect(res.status).toBe(400);
    expect(res.body.details.target).toMatch(message);
  });
});
