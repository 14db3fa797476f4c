import { eq } from 'drizzle-orm';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deliverDue, DEFAULT_DELIVERY_SETTINGS } from '../../src/server/channels/deliver';
import * as leases from '../../src/server/channels/lease-repo';
import { DELIVERIES_CHANNEL, enqueueDeliveries } from '../../src/server/channels/outbox-repo';
import { createSenders } from '../../src/server/channels/senders';
import { channelDeliveries, channels } from '../../src/server/db/schema';
import { storeMatches } from '../../src/server/ingestion/store-mentions';
import type { AlertInput } from '../../src/server/matching';
import { buildWorker } from '../../src/server/worker';
import { startFakeChannels, type FakeChannels } from '../fakes/channels';
import { redditSourceItem } from '../../src/server/ingestion/reddit-source-item';
import { build, RealTimeClock } from '../helpers/test-app';

const log = pino({ level: 'silent' });
let fake: FakeChannels;
beforeAll(async () => {
  fake = await startFakeChannels();
});
afterAll(async () => {
  await fake.stop();
});

const t = await build({ ALLOW_PRIVATE_WEBHOOKS: 'true' }, { clock: new RealTimeClock() });

/** Short everything, so that retries and leases play out in milliseconds. */
const settings = {
  ...DEFAULT_DELIVERY_SETTINGS,
  // Long enough that a loaded machine does not let holds lapse; the lease tests shorten it.
  leaseMs: 3000,
  backoffBaseMs: 20,
  backoffCapMs: 100,
  // A second: a hung target times out soon, a loaded runner's loopback answer still comes in time.
  timeoutMs: 1000,
  paceMs: 0,
  // One pass: each test looks at the state a single run leaves.
  idleLooks: 1,
};

/** One worker's delivery run, as the channels.deliver job makes it. */
const runDelivery = (owner: string, overrides: Partial<typeof settings> = {}) =>
  deliverDue(
    {
      db: t.db,
      clock: t.clock,
      log,
      owner,
      senders: createSenders(t.clock.now),
      ctx: { appUrl: t.config.appUrl, telegramApiBase: `${fake.url}/telegram` },
      allowPrivate: true,
      settings: { ...settings, ...overrides },
      secrets: t.secrets,
    },
    new AbortController().signal,
    Date.now() + 5_000,
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let items = 0;
/** Stores `n` matching posts for the alert as ingestion does (the outbox rows commit with them). */
async function storeMentions(alert: AlertInput, n: number, fields: { title?: string } = {}) {
  const matches = Array.from({ length: n }, () => {
    const i = ++items;
    return {
      alert,
      terms: ['stripe'],
      item: redditSourceItem({
        fullname: `t3_dlv${i}`,
        kind: 'post' as const,
        subreddit: 'SaaS',
        title: fields.title ?? `Looking for a Stripe alternative (${i})`,
        body: `We use stripe today but the fees hurt. Any <advice> & tips? Post ${i}.`,
        permalink: `https://www.reddit.com/r/SaaS/comments/dlv${i}/looking/`,
        author: `redditor${i}`,
        score: 12,
        commentCount: 3,
        createdAt: new Date(),
        removed: false,
        nsfw: false,
      }),
    };
  });
  await t.db.transaction((tx) => storeMatches(tx, matches, new Date()));
}

/** A signed-in user with one channel and an alert sending to it. */
async function setup(channel: { kind: string; target: string; token?: string }) {
  const { client } = await t.signedIn();
  const created = await client.post('/api/channels', { name: 'Channel', ...channel });
  expect(created.status).toBe(201);
  const alert = await client.post('/api/alerts', {
    keyword: 'stripe',
    channelIds: [created.body.channel.id],
  });
  expect(alert.status).toBe(201);
  return {
    client,
    channelId: created.body.channel.id as number,
    secret: created.body.secret as string | undefined,
    alert: alert.body as AlertInput,
  };
}

const channelRow = async (id: number) =>
  (await t.db.select().from(channels).where(eq(channels.id, id)))[0];

const deliveriesOf = (channelId: number) =>
  t.db.select().from(channelDeliveries).where(eq(channelDeliveries.channelId, channelId));

describe('delivery through the worker', () => {
  test('a stored mention reaches the webhook receiver signed and Slack in one message', async () => {
    const hook = await setup({ kind: 'webhook', target: `${fake.url}/hook/e2e` });
    const { client } = hook;
    const slack = await client.post('/api/channels', {
      kind: 'slack',
      name: 'Slack',
      target: `${fake.url}/slack/services/T/B/e2e`,
    });
    await client.put(`/api/alerts/${hook.alert.id}`, {
      channelIds: [hook.channelId, slack.body.channel.id],
    });

    const worker = buildWorker({
      config: t.config,
      database: t.database,
      log,
      clock: t.clock,
      deliverySettings: { ...settings, paceMs: undefined },
      secrets: t.secrets,
    });
    expect(worker.jobNames).toContain('channels.deliver');
    await worker.start();
    try {
      await storeMentions(hook.alert, 2);
      await expect.poll(() => fake.at('/hook/e2e').length, { timeout: 10_000 }).toBe(2);
      await expect.poll(() => fake.at('/slack/services/T/B/e2e').length).toBe(1);
    } finally {
      await worker.stop();
    }

    const feed = await client.get('/api/mentions');
    const wh = new Webhook(hook.secret!);
    for (const request of fake.at('/hook/e2e')) {
      const event = wh.verify(request.body, request.headers as Record<string, string>) as {
        type: string;
        timestamp: string;
        data: { mention: { id: number }; alert: unknown };
      };
      expect(event.type).toBe('mention.created');
      expect(Date.parse(event.timestamp)).not.toBeNaN();
      expect(event.data.alert).toEqual({ id: hook.alert.id, keyword: 'stripe' });
      const listed = feed.body.items.find((m: { id: number }) => m.id === event.data.mention.id);
      expect(event.data.mention).toEqual(listed);
      expect(request.headers['webhook-id']).toMatch(/^msg_/);
    }
    const ids = fake.at('/hook/e2e').map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(2);

    const message = fake.at('/slack/services/T/B/e2e')[0].json as {
      text: string;
      blocks: { type: string; text?: { text: string } }[];
    };
    expect(message.text).toContain('2 new mentions of “stripe”');
    const sections = message.blocks.filter((b) => b.type === 'section').map((b) => b.text!.text);
    expect(sections).toHaveLength(3);
    expect(sections[1]).toContain('r/SaaS');
    expect(sections[1]).toContain('https://www.reddit.com/r/SaaS/comments/');
    expect(sections[1]).toMatch(/\*Stripe\*|\*stripe\*/);
    expect(sections[1]).toContain('&lt;advice&gt; &amp; tips');
    expect(sections[1]).toContain('12 points');
    expect(sections[1]).toContain('3 comments');
    expect(sections[1]).toContain(`${t.config.appUrl}/mentions?alertId=${hook.alert.id}`);

    const channels = await client.get('/api/channels');
    for (const channel of channels.body.items) {
      expect(channel.lastDeliveryAt).not.toBeNull();
      expect(channel.lastError).toBeNull();
    }
    expect((await deliveriesOf(hook.channelId)).map((d) => d.status)).toEqual(['sent', 'sent']);
  });

  test('retries after a 503 and a timeout keep the same webhook-id, then it is sent', async () => {
    const hook = await setup({ kind: 'webhook', target: `${fake.url}/hook/retry` });
    fake.script('/hook/retry', { status: 503, body: 'busy' }, { hang: true });
    await storeMentions(hook.alert, 1);
    for (let i = 0; i < 40; i++) {
      await runDelivery('w1');
      const [row] = await deliveriesOf(hook.channelId);
      if (row.status !== 'pending') break;
      await sleep(50);
    }
    const [row] = await deliveriesOf(hook.channelId);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastStatus: 200 });
    const requests = fake.at('/hook/retry');
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([row.webhookId]));
    const wh = new Webhook(hook.secret!);
    for (const r of requests) wh.verify(r.body, r.headers as Record<string, string>);
  });

  test('a 410 pauses the channel with the reason; the dead letter is listed and can be retried', async () => {
    const hook = await setup({ kind: 'webhook', target: `${fake.url}/hook/gone` });
    fake.script('/hook/gone', { status: 410, body: 'gone' });
    await storeMentions(hook.alert, 2);
    await runDelivery('w1');

    const channel = (await hook.client.get('/api/channels')).body.items[0];
    expect(channel).toMatchObject({
      isPaused: true,
      pausedReason: 'The target answered 410 Gone: it no longer exists',
    });
    expect((await deliveriesOf(hook.channelId)).map((d) => d.status).sort()).toEqual([
      'cancelled',
      'dead',
    ]);
    // A paused channel gets no new deliveries.
    await storeMentions(hook.alert, 1);
    expect(await deliveriesOf(hook.channelId)).toHaveLength(2);

    const dead = await hook.client.get('/api/channels/dead-letters');
    expect(dead.body.items).toHaveLength(1);
    const letter = dead.body.items[0];
    expect(letter).toMatchObject({
      channelId: hook.channelId,
      channelKind: 'webhook',
      keyword: 'stripe',
      subreddit: 'SaaS',
      reason: 'The target answered 410 Gone: it no longer exists',
    });
    const blocked = await hook.client.post(`/api/channels/dead-letters/${letter.id}/retry`);
    expect(blocked.status).toBe(409);
    const other = await t.signedIn();
    expect((await other.client.post(`/api/channels/dead-letters/${letter.id}/retry`)).status).toBe(
      404,
    );

    await hook.client.request('PATCH', `/api/channels/${hook.channelId}`, { isPaused: false });
    expect((await hook.client.post(`/api/channels/dead-letters/${letter.id}/retry`)).status).toBe(
      204,
    );
    await runDelivery('w1');
    expect(fake.at('/hook/gone')).toHaveLength(2);
    expect((await hook.client.get('/api/channels/dead-letters')).body.items).toEqual([]);
  });

  test('Slack’s no_service pauses the channel; another 4xx is a dead letter', async () => {
    const slack = await setup({ kind: 'slack', target: `${fake.url}/slack/services/T/B/gone` });
    fake.script('/slack/services/T/B/gone', { status: 404, body: 'no_service' });
    await storeMentions(slack.alert, 1);
    await runDelivery('w1');
    expect((await slack.client.get('/api/channels')).body.items[0]).toMatchObject({
      isPaused: true,
      pausedReason: 'Slack says this webhook no longer exists (no_service)',
    });

    const hook = await setup({ kind: 'webhook', target: `${fake.url}/hook/forbidden` });
    fake.script('/hook/forbidden', { status: 403, body: 'forbidden' });
    await storeMentions(hook.alert, 1);
    await runDelivery('w1');
    expect((await hook.client.get('/api/channels')).body.items[0]).toMatchObject({
      isPaused: false,
      lastError: 'HTTP 403: forbidden',
    });
    const dead = await hook.client.get('/api/channels/dead-letters');
    expect(dead.body.items.map((d: { reason: string }) => d.reason)).toEqual([
      'HTTP 403: forbidden',
    ]);
  });

  test('pausing the alert cancels its pending deliveries', async () => {
    const hook = await setup({ kind: 'webhook', target: `${fake.url}/hook/paused-alert` });
    await storeMentions(hook.alert, 2);
    await hook.client.put(`/api/alerts/${hook.alert.id}`, { isPaused: true });
    await runDelivery('w1');
    expect(fake.at('/hook/paused-alert')).toEqual([]);
    expect((await deliveriesOf(hook.channelId)).map((d) => d.status)).toEqual([
      'cancelled',
      'cancelled',
    ]);
  });

  test('a worker that dies holding a lease: the next takes over when it expires, nothing lost or doubled', async () => {
    const hook = await setup({ kind: 'webhook', target: `${fake.url}/hook/crash` });
    await storeMentions(hook.alert, 5);
    // Worker A leases everything due, then "crashes" before sending.
    const lease = await leases.leaseDue(t.db, 'worker-a', new Date(), {
      ...settings,
      // Long enough that B's pass below comes inside it even on a loaded runner.
      leaseMs: 1500,
    });
    expect(lease.deliveries.filter((d) => d.channelId === hook.channelId)).toHaveLength(5);
    // While A's lease holds, B takes none of them.
    await runDelivery('worker-b');
    expect(fake.at('/hook/crash')).toEqual([]);

    // The lease's expiry is what this test is about: nothing to wait for but the clock.
    await sleep(1600);
    await runDelivery('worker-b');
    const requests = fake.at('/hook/crash');
    expect(requests).toHaveLength(5);
    const rows = await deliveriesOf(hook.channelId);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(new Set(requests.map((r) => r.headers['webhook-id']))).toEqual(
      new Set(rows.map((r) => r.webhookId)),
    );
    // A's late settlement changes nothing: neither the rows nor the channel are its any more.
    const channelBefore = await channelRow(hook.channelId);
    await leases.settle(
      t.db,
      'worker-a',
      rows.map((r) => ({
        id: r.id,
        at: new Date(),
        outcome: 'retry' as const,
        error: 'late',
        nextAt: new Date(),
        giveUpBefore: new Date(0),
      })),
      [{ id: hook.channelId, sendAfter: new Date(0), lastError: 'late' }],
    );
    expect((await deliveriesOf(hook.channelId)).every((r) => r.status === 'sent')).toBe(true);
    expect(await channelRow(hook.channelId)).toEqual(channelBefore);
    await runDelivery('worker-b');
    expect(fake.at('/hook/crash')).toHaveLength(5);
  });

  test('two workers at once send each delivery exactly once', async () => {
    const hook = await setup({ kind: 'webhook', target: `${fake.url}/hook/pair` });
    await storeMentions(hook.alert, 8);
    await Promise.all([runDelivery('pair-a'), runDelivery('pair-b')]);
    const ids = fake.at('/hook/pair').map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
  });
});

test('a slow target: the sending worker renews its lease, so another never sends a row twice', async () => {
  const hook = await setup({ kind: 'webhook', target: `${fake.url}/hook/slow` });
  // 300 ms an answer, one after another: eight take about 2.4 s, far past one 1 s lease (long
  // enough that renewing it in time does not depend on a quiet machine).
  fake.script('/hook/slow', ...Array.from({ length: 8 }, () => ({ status: 200, delayMs: 300 })));
  await storeMentions(hook.alert, 8);
  const short = { leaseMs: 1000 };
  await Promise.all([
    runDelivery('slow-a', short),
    sleep(1400).then(() => runDelivery('slow-b', short)),
  ]);
  const ids = fake.at('/hook/slow').map((r) => r.headers['webhook-id']);
  expect(new Set(ids).size).toBe(8);
  expect(ids).toHaveLength(8);
  expect((await deliveriesOf(hook.channelId)).every((d) => d.status === 'sent')).toBe(true);
});

test('one answer slower than the lease: renewed, not sent again by another worker', async () => {
  const slack = await setup({ kind: 'slack', target: `${fake.url}/slack/services/T/B/slow` });
  fake.script('/slack/services/T/B/slow', { status: 200, body: 'ok', delayMs: 2300 });
  await storeMentions(slack.alert, 1);
  // A 750 ms lease, a 5 s timeout: the send outlasts three leases.
  const slow = { leaseMs: 750, timeoutMs: 5000 };
  await Promise.all([
    runDelivery('renew-a', slow),
    sleep(1250).then(() => runDelivery('renew-b', slow)),
  ]);
  expect(fake.at('/slack/services/T/B/slow')).toHaveLength(1);
  expect((await deliveriesOf(slack.channelId))[0]).toMatchObject({ status: 'sent', attempts: 1 });
});

describe('an idle delivery run', () => {
  /** A worker whose idle runs would sleep a minute unless woken (the job's run ends at 20 s). */
  const sleepyWorker = () =>
    buildWorker({
      config: t.config,
      database: t.database,
      log,
      clock: t.clock,
      deliverySettings: { ...settings, paceMs: undefined, idleLooks: 80, idleWaitMs: 60_000 },
      secrets: t.secrets,
    });

  test('a queued delivery, or a dead letter queued again, wakes it at once', async () => {
    const hook = await setup({ kind: 'webhook', target: `${fake.url}/hook/wake` });
    fake.script('/hook/wake', { status: 400, body: 'no' });
    const worker = sleepyWorker();
    await worker.start();
    try {
      // Give the run its first look, so that the mention arrives while it sleeps (were it
      // stored first, that look would find it and prove nothing).
      await sleep(300);
      await storeMentions(hook.alert, 1);
      await expect.poll(() => fake.at('/hook/wake').length, { timeout: 5_000 }).toBe(1);
      const [letter] = (await hook.client.get('/api/channels/dead-letters')).body.items;
      await sleep(300);
      const retried = await hook.client.post(`/api/channels/dead-letters/${letter.id}/retry`);
      expect(retried.status).toBe(204);
      await expect.poll(() => fake.at('/hook/wake').length, { timeout: 5_000 }).toBe(2);
      await expect
        .poll(async () => (await deliveriesOf(hook.channelId)).map((d) => d.status))
        .toEqual(['sent']);
    } finally {
      await worker.stop();
    }
  });

  test('a retry comes due without a notification: it sleeps until then, not its longest wait', async () => {
    const hook = await setup({ kind: 'webhook', target: `${fake.url}/hook/backoff` });
    fake.script('/hook/backoff', { status: 503, body: 'busy' });
    const worker = sleepyWorker();
    await worker.start();
    try {
      await storeMentions(hook.alert, 1);
      await expect
        .poll(async () => (await deliveriesOf(hook.channelId))[0]?.status, { timeout: 5_000 })
        .toBe('sent');
      expect(fake.at('/hook/backoff')).toHaveLength(2);
    } finally {
      await worker.stop();
    }
  });

  test('queuing notifies once the transaction commits, and only when a delivery was queued', async () => {
    const heard: (string | undefined)[] = [];
    const unlisten = await t.database.listen(
      DELIVERIES_CHANNEL,
      (p) => heard.push(p),
      () => {},
    );
    try {
      const hook = await setup({ kind: 'webhook', target: `${fake.url}/hook/quiet` });
      const { client } = await t.signedIn();
      const silent = await client.post('/api/alerts', { keyword: 'stripe' });
      await storeMentions(silent.body as AlertInput, 1);
      await t.db.transaction(async (tx) => {
        await enqueueDeliveries(tx, [], new Date());
      });
      await storeMentions(hook.alert, 2);
      // (On PostgreSQL, `undefined` says the listener's connection is (re)made: catch up.)
      await expect.poll(() => heard.filter((p) => p !== undefined)).toEqual(['']);
    } finally {
      await unlisten();
    }
  });
});

describe('platform formats in delivery', () => {
  test('Discord: 12 mentions go as two messages of at most 10 embeds', async () => {
    const discord = await setup({
      kind: 'discord',
      target: `${fake.url}/discord/api/webhooks/1/x`,
    });
    await storeMentions(discord.alert, 12);
    await runDelivery('w1');
    const requests = fake.at('/discord/api/webhooks/1/x');
    expect(requests.map((r) => (r.json as { embeds: unknown[] }).embeds.length)).toEqual([10, 2]);
    const embed = (requests[0].json as { embeds: Record<string, unknown>[] }).embeds[0];
    expect(embed).toMatchObject({
      url: expect.stringContaining('https://www.reddit.com/r/SaaS/comments/'),
      footer: { text: 'r/SaaS' },
    });
    expect(embed.description).toMatch(/\*\*stripe\*\*/);
    expect((await deliveriesOf(discord.channelId)).every((d) => d.status === 'sent')).toBe(true);
  });

  test('Discord’s 429 is retried after its retry_after', async () => {
    const discord = await setup({
      kind: 'discord',
      target: `${fake.url}/discord/api/webhooks/2/x`,
    });
    fake.script('/discord/api/webhooks/2/x', {
      status: 429,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        message: 'You are being rate limited.',
        retry_after: 0.3,
        global: false,
      }),
    });
    await storeMentions(discord.alert, 1);
    await runDelivery('w1');
    const [row] = await deliveriesOf(discord.channelId);
    expect(row).toMatchObject({ status: 'pending', lastStatus: 429 });
    expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(100);
    await sleep(350);
    await runDelivery('w1');
    expect((await deliveriesOf(discord.channelId))[0].status).toBe('sent');
  });

  test('Telegram: HTML-escaped text with the matched term in bold; "chat not found" pauses', async () => {
    const tg = await setup({
      kind: 'telegram',
      target: '-100200',
      token: '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0',
    });
    await storeMentions(tg.alert, 1, { title: 'Stripe <vs> Paddle & co' });
    await runDelivery('w1');
    const request = fake.at('/telegram/bot123456789:').at(-1)!;
    const body = request.json as { chat_id: string; text: string; parse_mode: string };
    expect(body).toMatchObject({ chat_id: '-100200', parse_mode: 'HTML' });
    expect(body.text).toContain('Stripe &lt;vs&gt; Paddle &amp; co');
    expect(body.text).toContain('<b>stripe</b>');
    expect(body.text).toContain('r/SaaS');

    const lost = await setup({
      kind: 'telegram',
      target: '404404',
      token: '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0',
    });
    await storeMentions(lost.alert, 1);
    await runDelivery('w1');
    expect((await lost.client.get('/api/channels')).body.items[0]).toMatchObject({
      isPaused: true,
      pausedReason: 'Telegram: Bad Request: chat not found',
    });
  });

  test('a stored token no header can carry fails its deliveries (retried, then dead), never wedging them', async () => {
    const ntfy = await setup({ kind: 'ntfy', target: `${fake.url}/ntfy/wedge`, token: 'tk_ok' });
    // As a row written before tokens were checked holds it.
    await t.db.update(channels).set({ token: 'tok€' }).where(eq(channels.id, ntfy.channelId));
    await storeMentions(ntfy.alert, 1);
    // A backoff longer than the run: one attempt, then the row waits.
    await runDelivery('w1', { backoffBaseMs: 60_000, backoffCapMs: 60_000 });
    const [retried] = await deliveriesOf(ntfy.channelId);
    expect(retried).toMatchObject({ status: 'pending', attempts: 1, leaseOwner: null });
    expect(retried.lastError).toMatch(/cannot be sent.*authorization/i);
    expect(retried.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect((await channelRow(ntfy.channelId)).lastError).toBe(retried.lastError);

    await t.db
      .update(channelDeliveries)
      .set({ nextAttemptAt: new Date() })
      .where(eq(channelDeliveries.id, retried.id));
    await runDelivery('w1', { giveUpAfterMs: 0 });
    const [dead] = await deliveriesOf(ntfy.channelId);
    expect(dead).toMatchObject({ status: 'dead', attempts: 2 });
    expect(fake.at('/ntfy/wedge')).toHaveLength(0);

    const test = await ntfy.client.post(`/api/channels/${ntfy.channelId}/test`);
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({
      ok: false,
      message: expect.stringMatching(/cannot be sent/),
    });
  });

  test('ntfy: the message as body, Title and Click headers, the access token as Bearer', async () => {
    const ntfy = await setup({ kind: 'ntfy', target: `${fake.url}/ntfy/alerts`, token: 'tk_abc' });
    await storeMentions(ntfy.alert, 1);
    await runDelivery('w1');
    const request = fake.at('/ntfy/alerts').at(-1)!;
    // Not Latin-1: sent as an RFC 2047 encoded word, which ntfy decodes.
    const title = `=?UTF-8?B?${Buffer.from('1 new mention of “stripe” in r/SaaS').toString('base64')}?=`;
    expect(request.headers.title).toBe(title);
    expect(request.headers.click).toContain('https://www.reddit.com/r/SaaS/comments/');
    expect(request.headers.authorization).toBe('Bearer tk_abc');
    expect(request.body).toContain('**stripe**');
  });
});
