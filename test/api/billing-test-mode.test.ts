import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { alerts, subscriptionPlans } from '../../src/server/db/schema';
import { addMonth } from '../../src/server/billing/providers/test-mode';
import { renewTestModeSubscriptions } from '../../src/server/billing/subscriptions/test-checkout';
import { BUILTIN_PLANS } from '../../src/shared/builtin-plans';
import { billingRows, planIds } from '../helpers/billing';
import { build } from '../helpers/test-app';

// No STRIPE_SECRET_KEY: the built-in test-mode checkout.
const t = await build();
const plans = await planIds(t);
const DAY = 24 * 3600 * 1000;
type Client = Awaited<ReturnType<typeof t.signedIn>>['client'];

const sessionOf = (url: string) => url.split('/').at(-1) as string;

async function upgrade(client: Client, body: Record<string, unknown> = {}) {
  const checkout = await client.post('/api/subscriptions/checkout', { planId: plans.pro, ...body });
  expect(checkout.status).toBe(200);
  const pay = await client.post(
    `/api/subscriptions/test-checkout/${sessionOf(checkout.body.url)}/pay`,
  );
  expect(pay.status).toBe(200);
  return { checkout: checkout.body.url as string, pay: pay.body.url as string };
}

async function addAlerts(client: Client, keywords: string[]) {
  for (const keyword of keywords) {
    t.clock.advance(1000);
    expect((await client.post('/api/alerts', { keyword })).status).toBe(201);
  }
}

const renew = () => renewTestModeSubscriptions({ db: t.db, clock: t.clock });

test('the plan rows and the built-in plans are one and the same', async () => {
  const rows = await t.db.select().from(subscriptionPlans).orderBy(subscriptionPlans.price);
  expect(
    rows.map(({ name, description, price, interval, features, limits }) => ({
      name,
      description,
      price,
      interval,
      features,
      limits,
    })),
  ).toEqual(BUILTIN_PLANS.map((plan) => ({ ...plan })));
});

describe('test-mode checkout', () => {
  test('checkout points at the app’s own page by path, which names the plan and the price', async () => {
    const { client, email } = await t.signedIn();
    const res = await client.post('/api/subscriptions/checkout', {
      planId: plans.pro,
      cancelUrl: '/pricing',
    });
    expect(res.status).toBe(200);
    // A path: the browser stays on the host it holds the session cookie for, whatever APP_URL
    // spells the loopback address as.
    expect(res.body.url).toMatch(/^\/billing\/test-checkout\/tcs_[\w-]+$/);
    const page = await client.get(`/api/subscriptions/test-checkout/${sessionOf(res.body.url)}`);
    expect(page.body).toEqual({
      id: sessionOf(res.body.url),
      status: 'open',
      plan: { name: 'Pro', price: 1499, interval: 'month' },
      email,
      cancelUrl: '/pricing?checkout_canceled=true',
    });
  });

  test('paying makes the user Pro with a month’s subscription and a succeeded payment', async () => {
    const { client, user } = await t.signedIn();
    const { pay } = await upgrade(client);
    expect(pay).toBe('/settings?tab=subscription&checkout_success=true');
    expect((await client.get('/api/user')).body.planType).toBe('pro');
    const current = (await client.get('/api/subscriptions/current')).body;
    expect(current).toMatchObject({
      plan: { name: 'Pro' },
      status: 'active',
      provider: 'test',
      cancelAtPeriodEnd: false,
      currentPeriodStart: t.clock.now().toISOString(),
    });
    expect(current.stripeSubscriptionId).toMatch(/^test_sub_/);
    expect(Date.parse(current.currentPeriodEnd) - Date.parse(current.currentPeriodStart)).toBe(
      30 * DAY,
    );
    const history = (await client.get('/api/subscriptions/payments')).body;
    expect(history).toEqual([
      expect.objectContaining({
        amount: 1499,
        currency: 'usd',
        status: 'succeeded',
        paymentMethod: 'Test card •••• 4242',
        receiptUrl: expect.stringMatching(/^\/billing\/receipts\/test_pay_/),
      }),
    ]);
    expect((await billingRows(t, user.id)).user.customerId).toMatch(/^test_cus_/);
    // A 4th keyword is allowed on Pro.
    await addAlerts(client, ['a', 'b', 'c', 'd']);
  });

  test('a session is paid once, is private, and a cancel returns to the cancel URL', async () => {
    const { client } = await t.signedIn();
    const res = await client.post('/api/subscriptions/checkout', { planId: plans.pro });
    const id = sessionOf(res.body.url);
    const stranger = await t.signedIn();
    expect((await stranger.client.get(`/api/subscriptions/test-checkout/${id}`)).status).toBe(404);
    expect((await stranger.client.post(`/api/subscriptions/test-checkout/${id}/pay`)).status).toBe(
      404,
    );
    expect((await client.get('/api/subscriptions/test-checkout/nonsense')).status).toBe(400);

    const canceled = await client.post(`/api/subscriptions/test-checkout/${id}/cancel`);
    expect(canceled.body.url).toMatch(/checkout_canceled=true$/);
    expect((await client.post(`/api/subscriptions/test-checkout/${id}/pay`)).status).toBe(409);
    expect((await client.get('/api/user')).body.planType).toBe('free');

    await upgrade(client);
    expect((await client.post('/api/subscriptions/checkout', { planId: plans.pro })).status).toBe(
      409,
    );
  });

  test('two sessions paid at once make one subscription and one payment', async () => {
    const { client, user } = await t.signedIn();
    const ids = await Promise.all(
      [1, 2].map(async () =>
        sessionOf(
          (await client.post('/api/subscriptions/checkout', { planId: plans.pro })).body.url,
        ),
      ),
    );
    const answers = await Promise.all(
      ids.map((id) => client.post(`/api/subscriptions/test-checkout/${id}/pay`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const rows = await billingRows(t, user.id);
    expect(rows.subscriptions).toHaveLength(1);
    expect(rows.payments).toHaveLength(1);
  });

  test('an expired session cannot be paid', async () => {
    const { client } = await t.signedIn();
    const res = await client.post('/api/subscriptions/checkout', { planId: plans.pro });
    t.clock.advance(DAY + 1000);
    const id = sessionOf(res.body.url);
    expect((await client.get(`/api/subscriptions/test-checkout/${id}`)).body.status).toBe(
      'expired',
    );
    expect((await client.post(`/api/subscriptions/test-checkout/${id}/pay`)).status).toBe(409);
  });

  test('webhooks are not used in test mode', async () => {
    const res = await t.client().request('POST', '/api/subscriptions/webhook', '{}', {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(404);
  });
});

describe('cancel, resume and downgrade in test mode', () => {
  test('cancel at period end, resume, cancel now: Free with extra alerts paused and named', async () => {
    const { client, user } = await t.signedIn();
    await upgrade(client);
    await addAlerts(client, ['alpha', 'beta', 'gamma', 'delta', 'epsilon']);

    const later = await client.post('/api/subscriptions/cancel', { immediate: false });
    expect(later.body.cancelAtPeriodEnd).toBe(true);
    expect((await client.get('/api/user')).body.planType).toBe('pro');
    const resumed = await client.post('/api/subscriptions/resume');
    expect(resumed.body.cancelAtPeriodEnd).toBe(false);

    t.clock.advance(1000);
    const now = await client.post('/api/subscriptions/cancel', { immediate: true });
    expect(now.status).toBe(200);
    expect(now.body).toBeNull();
    expect((await client.get('/api/user')).body.planType).toBe('free');
    const live = (await t.db.select().from(alerts).where(eq(alerts.workspaceId, user.id)))
      .filter((a) => a.isActive)
      .map((a) => a.keyword)
      .sort();
    expect(live).toEqual(['delta', 'epsilon', 'gamma']);
    const paused = (await client.get('/api/subscriptions/paused-alerts')).body;
    expect(paused.alerts.map((a: { keyword: string }) => a.keyword)).toEqual(['beta', 'alpha']);

    // Resuming one on Free past the limit is the usual 403; pausing one frees a slot.
    const list = (await client.get('/api/alerts')).body as { id: number; keyword: string }[];
    const alpha = list.find((a) => a.keyword === 'alpha')!;
    const gamma = list.find((a) => a.keyword === 'gamma')!;
    expect((await client.put(`/api/alerts/${alpha.id}`, { isActive: true })).status).toBe(403);
    t.clock.advance(1000);
    await client.put(`/api/alerts/${gamma.id}`, { isActive: false });
    expect((await client.put(`/api/alerts/${alpha.id}`, { isActive: true })).status).toBe(200);
    // alpha was touched by the user: the notice names only beta now.
    const after = (await client.get('/api/subscriptions/paused-alerts')).body;
    expect(after.alerts.map((a: { keyword: string }) => a.keyword)).toEqual(['beta']);

    // Upgrading again resumes what the downgrade paused.
    await upgrade(client);
    const beta = (await t.db.select().from(alerts).where(eq(alerts.keyword, 'beta')))[0];
    expect(beta.isActive).toBe(true);
    expect((await client.get('/api/subscriptions/paused-alerts')).body.alerts).toEqual([]);
  });

  test('the notice can be dismissed', async () => {
    const { client } = await t.signedIn();
    await upgrade(client);
    await addAlerts(client, ['w', 'x', 'y', 'z']);
    t.clock.advance(1000);
    await client.post('/api/subscriptions/cancel', { immediate: true });
    expect((await client.get('/api/subscriptions/paused-alerts')).body.alerts).toHaveLength(1);
    expect((await client.post('/api/subscriptions/paused-alerts/dismiss')).status).toBe(204);
    expect((await client.get('/api/subscriptions/paused-alerts')).body).toEqual({
      alerts: [],
      pausedAt: null,
    });
  });

  test('nothing to cancel or resume on Free', async () => {
    const { client } = await t.signedIn();
    expect((await client.post('/api/subscriptions/cancel', { immediate: false })).status).toBe(404);
    expect((await client.post('/api/subscriptions/resume')).status).toBe(404);
    expect((await client.post('/api/subscriptions/cancel', { immediate: 'yes' })).status).toBe(400);
    expect((await client.get('/api/subscriptions/current')).body).toBeNull();
    expect((await client.get('/api/subscriptions/payments')).body).toEqual([]);
  });
});

describe('the renewal job', () => {
  test('renews at period end with a payment per period, and ends a cancel-at-period-end', async () => {
    const renewing = await t.signedIn();
    await upgrade(renewing.client);
    const ending = await t.signedIn();
    await upgrade(ending.client);
    await addAlerts(ending.client, ['k1', 'k2', 'k3', 'k4']);
    await ending.client.post('/api/subscriptions/cancel', { immediate: false });
    const before = (await renewing.client.get('/api/subscriptions/current')).body;

    await renew(); // nothing due yet
    expect((await renewing.client.get('/api/subscriptions/payments')).body).toHaveLength(1);

    // Two periods pass while the worker is down: it catches up.
    t.clock.advance(61 * DAY);
    await renew();
    await renew(); // idempotent: a second run finds nothing due
    const rows = await billingRows(t, renewing.user.id);
    expect(rows.payments.map((p) => p.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    // Calendar months: the second renewal starts a month after the first period ended.
    expect(rows.subscriptions[0].currentPeriodStart).toEqual(
      addMonth(new Date(before.currentPeriodEnd)),
    );
    expect(rows.user.planType).toBe('pro');

    const ended = await billingRows(t, ending.user.id);
    expect(ended.user.planType).toBe('free');
    expect(ended.subscriptions[0].status).toBe('canceled');
    expect(ended.payments).toHaveLength(1);
    const live = (
      await t.db.select().from(alerts).where(eq(alerts.workspaceId, ending.user.id))
    ).filter((a) => a.isActive);
    expect(live.map((a) => a.keyword).sort()).toEqual(['k2', 'k3', 'k4']);
  });
});

describe('account deletion in test mode', () => {
  test('ends the subscription, deletes the user, keeps the payment rows', async () => {
    const { client, user } = await t.signedIn();
    await upgrade(client);
    const { payments: before } = await billingRows(t, user.id);
    expect((await client.delete('/api/user')).status).toBe(204);
    const after = await billingRows(t, user.id);
    expect(after.user).toBeUndefined();
    const { payments } = await import('../../src/server/db/schema');
    const kept = await t.db.select().from(payments).where(eq(payments.id, before[0].id));
    expect(kept[0]).toMatchObject({ userId: null, status: 'succeeded', amount: 1499 });
  });
});
