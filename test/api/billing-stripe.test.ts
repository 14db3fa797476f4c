import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, test } from 'vitest';
import { alerts, payments, users } from '../../src/server/db/schema';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe/server';
import { billingRows, deliver, planIds } from '../helpers/billing';
import { build, type TestApp } from '../helpers/test-app';

// The real `stripe` SDK against a fake Stripe on loopback; webhooks signed by the SDK's helper.
const logLines: Record<string, unknown>[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk, _encoding, done) {
      logLines.push(JSON.parse(String(chunk)));
      done();
    },
  }),
);

const stripe: FakeStripe = await startFakeStripe({ now: () => t.clock.now() });
const t: TestApp = await build(stripe.env, { logger });
type Client = Awaited<ReturnType<TestApp['signedIn']>>['client'];
afterAll(() => stripe.close());
const plans = await planIds(t);
const DAY = 24 * 3600 * 1000;

const checkoutRequests = () => stripe.requests.filter((r) => r.path === '/v1/checkout/sessions');
const lastSessionId = () => [...stripe.sessions.keys()].at(-1) as string;

/** A signed-in user who went through checkout and whose webhooks arrived: Pro. */
async function proUser() {
  const signed = await t.signedIn();
  const res = await signed.client.post('/api/subscriptions/checkout', { planId: plans.pro });
  expect(res.status).toBe(200);
  const paid = stripe.completeCheckout(lastSessionId());
  for (const event of Object.values(paid.events))
    expect((await deliver(t, stripe, event)).status).toBe(200);
  return { ...signed, paid };
}

async function addAlerts(client: Client, keywords: string[]) {
  for (const keyword of keywords) {
    t.clock.advance(1000);
    const res = await client.post('/api/alerts', { keyword });
    expect(res.status).toBe(201);
  }
}

describe('checkout', () => {
  test('creates the customer once and a subscription-mode session on the Pro price', async () => {
    const { client, user } = await t.signedIn();
    const res = await client.post('/api/subscriptions/checkout', { planId: plans.pro });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    const [customerCall] = stripe.requests.filter((r) => r.path === '/v1/customers').slice(-1);
    expect(customerCall.idempotencyKey).toMatch(new RegExp(`^earshot-customer-${user.id}-`));
    const session = checkoutRequests().at(-1)!.body;
    expect(session).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_pro_monthly', quantity: '1' }],
      client_reference_id: String(user.id),
    });
    expect(session.success_url).toBe(
      'http://localhost:3000/settings?tab=subscription&checkout_success=true',
    );
    expect(session.cancel_url).toBe(
      'http://localhost:3000/settings?tab=subscription&checkout_canceled=true',
    );
    const rows = await billingRows(t, user.id);
    expect(rows.user.customerId).toBe(customerCall && [...stripe.customers.keys()].at(-1));

    // A second checkout (the first page was closed) reuses the customer.
    const before = stripe.customers.size;
    expect((await client.post('/api/subscriptions/checkout', { planId: plans.pro })).status).toBe(
      200,
    );
    expect(stripe.customers.size).toBe(before);
    expect(checkoutRequests().at(-1)!.body.customer).toBe(rows.user.customerId);
  });

  test('a customer id from test mode is replaced by a Stripe customer', async () => {
    const { client, user } = await t.signedIn();
    await t.db.update(users).set({ customerId: 'test_cus_left_over' }).where(eq(users.id, user.id));
    expect((await client.post('/api/subscriptions/checkout', { planId: plans.pro })).status).toBe(
      200,
    );
    const { user: row } = await billingRows(t, user.id);
    expect(row.customerId).toMatch(/^cus_/);
    expect(checkoutRequests().at(-1)!.body.customer).toBe(row.customerId);
  });

  test('two checkouts at once for one user create one customer', async () => {
    const { client, user } = await t.signedIn();
    const before = stripe.customers.size;
    const answers = await Promise.all([
      client.post('/api/subscriptions/checkout', { planId: plans.pro }),
      client.post('/api/subscriptions/checkout', { planId: plans.pro }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(stripe.customers.size).toBe(before + 1);
    const { user: row } = await billingRows(t, user.id);
    expect(
      checkoutRequests()
        .slice(-2)
        .map((r) => r.body.customer),
    ).toEqual([row.customerId, row.customerId]);
  });

  test.each([
    ['successUrl', 'https://evil.example/settings'],
    ['successUrl', '//evil.example/settings'],
    ['cancelUrl', 'javascript:alert(1)'],
    ['cancelUrl', 'http://localhost:3001/pricing'],
    ['successUrl', 'http://[bad'],
  ])('a %s off the app origin (%s) is a 400 and reaches no Stripe call', async (field, value) => {
    const { client } = await t.signedIn();
    const calls = stripe.requests.length;
    const res = await client.post('/api/subscriptions/checkout', {
      planId: plans.pro,
      [field]: value,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(new RegExp(`^Invalid ${field}`));
    expect(res.body.details[field]).toBeTruthy();
    expect(stripe.requests.length).toBe(calls);
  });

  test('return URLs on the app origin keep their path and gain the return flag', async () => {
    const { client } = await t.signedIn();
    const res = await client.post('/api/subscriptions/checkout', {
      planId: plans.pro,
      successUrl: 'http://localhost:3000/settings?tab=subscription',
      cancelUrl: '/pricing',
    });
    expect(res.status).toBe(200);
    const session = checkoutRequests().at(-1)!.body;
    expect(session.success_url).toBe(
      'http://localhost:3000/settings?tab=subscription&checkout_success=true',
    );
    expect(session.cancel_url).toBe('http://localhost:3000/pricing?checkout_canceled=true');
  });

  test('the Free plan, an unknown plan and a bad body are refused', async () => {
    const { client } = await t.signedIn();
    expect((await client.post('/api/subscriptions/checkout', { planId: plans.free })).status).toBe(
      400,
    );
    expect((await client.post('/api/subscriptions/checkout', { planId: 9999 })).status).toBe(404);
    const bad = await client.post('/api/subscriptions/checkout', { planId: 'pro' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.planId).toBeTruthy();
    expect(
      (await t.client().post('/api/subscriptions/checkout', { planId: plans.pro })).status,
    ).toBe(401);
  });

  test('a Stripe outage is a 502 with a message, and no customer is stored', async () => {
    const { client, user } = await t.signedIn();
    stripe.failNext(3);
    const res = await client.post('/api/subscriptions/checkout', { planId: plans.pro });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/payment provider/i);
    expect((await billingRows(t, user.id)).user.customerId).toBeNull();
  });

  test('a transient Stripe failure is retried by the SDK and the checkout succeeds', async () => {
    const { client } = await t.signedIn();
    const calls = stripe.requests.length;
    stripe.failNext(1);
    const res = await client.post('/api/subscriptions/checkout', { planId: plans.pro });
    expect(res.status).toBe(200);
    expect(stripe.requests.length).toBe(calls + 3); // customer (failed, retried), session
  });
});

describe('the subscription lifecycle through webhooks', () => {
  test('upgrade → renewal → failed payment → recovery → cancel at period end → resume → end', async () => {
    const { client, user, paid } = await proUser();
    expect((await client.get('/api/user')).body.planType).toBe('pro');
    const current = await client.get('/api/subscriptions/current');
    expect(current.body).toMatchObject({
      plan: { id: plans.pro, name: 'Pro' },
      status: 'active',
      stripeSubscriptionId: paid.subscription.id,
      provider: 'stripe',
      cancelAtPeriodEnd: false,
    });
    expect(Date.parse(current.body.currentPeriodEnd) - t.clock.now().getTime()).toBeGreaterThan(
      29 * DAY,
    );
    const history = await client.get('/api/subscriptions/payments');
    expect(history.body).toEqual([
      expect.objectContaining({
        amount: 1499,
        currency: 'usd',
        status: 'succeeded',
        paymentMethod: 'Visa •••• 4242',
        receiptUrl: `https://invoice.stripe.test/i/${paid.invoice.id}`,
      }),
    ]);
    // Pro: a 4th and 5th keyword are allowed.
    await addAlerts(client, ['one', 'two', 'three', 'four', 'five']);

    // Renewal.
    t.clock.advance(DAY);
    const renewal = stripe.renew(paid.subscription.id, true);
    await deliver(t, stripe, renewal.events.subscriptionUpdated);
    await deliver(t, stripe, renewal.events.invoice);
    expect((await client.get('/api/subscriptions/payments')).body).toHaveLength(2);

    // The next charge fails: past_due keeps Pro while Stripe retries.
    t.clock.advance(DAY);
    const failing = stripe.renew(paid.subscription.id, false);
    await deliver(t, stripe, failing.events.invoice);
    await deliver(t, stripe, failing.events.subscriptionUpdated);
    expect((await client.get('/api/subscriptions/current')).body.status).toBe('past_due');
    expect((await client.get('/api/user')).body.planType).toBe('pro');
    let list = (await client.get('/api/subscriptions/payments')).body;
    expect(list[0]).toMatchObject({ status: 'failed', amount: 1499 });

    // Stripe's retry succeeds: the same payment row turns succeeded.
    const recovered = stripe.recover(failing.invoice.id);
    await deliver(t, stripe, recovered.events.invoicePaid);
    await deliver(t, stripe, recovered.events.subscriptionUpdated);
    list = (await client.get('/api/subscriptions/payments')).body;
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ status: 'succeeded' });
    expect((await client.get('/api/subscriptions/current')).body.status).toBe('active');

    // Cancel at period end, then resume, then cancel at period end again.
    const cancel = await client.post('/api/subscriptions/cancel', { immediate: false });
    expect(cancel.status).toBe(200);
    expect(cancel.body.cancelAtPeriodEnd).toBe(true);
    expect(stripe.subscriptions.get(paid.subscription.id)!.cancel_at_period_end).toBe(true);
    const resume = await client.post('/api/subscriptions/resume');
    expect(resume.status).toBe(200);
    expect(resume.body.cancelAtPeriodEnd).toBe(false);
    expect(stripe.subscriptions.get(paid.subscription.id)!.cancel_at_period_end).toBe(false);
    expect((await client.post('/api/subscriptions/resume')).status).toBe(409);
    await client.post('/api/subscriptions/cancel', { immediate: false });

    // The period ends: Free, 3 most recently updated alerts live, the rest paused and named.
    t.clock.advance(DAY);
    await deliver(t, stripe, stripe.endPeriod(paid.subscription.id).events.subscriptionDeleted);
    expect((await client.get('/api/user')).body.planType).toBe('free');
    expect((await client.get('/api/subscriptions/current')).body).toBeNull();
    const rows = await t.db.select().from(alerts).where(eq(alerts.workspaceId, user.id));
    expect(rows).toHaveLength(5);
    const live = rows
      .filter((a) => a.isActive)
      .map((a) => a.keyword)
      .sort();
    expect(live).toEqual(['five', 'four', 'three']);
    const paused = await client.get('/api/subscriptions/paused-alerts');
    expect(paused.body.alerts.map((a: { keyword: string }) => a.keyword)).toEqual(['two', 'one']);
    expect((await client.get('/api/stats')).body.activeAlerts).toBe(3);
  });

  test('immediate cancellation ends Pro at once through Stripe', async () => {
    const { client, paid } = await proUser();
    const res = await client.post('/api/subscriptions/cancel', { immediate: true });
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect(stripe.subscriptions.get(paid.subscription.id)!.status).toBe('canceled');
    expect((await client.get('/api/user')).body.planType).toBe('free');
    expect((await client.post('/api/subscriptions/cancel', { immediate: true })).status).toBe(404);
  });

  test('a Stripe outage during cancellation is a 502 and leaves every row unchanged', async () => {
    const { client, user } = await proUser();
    const before = await billingRows(t, user.id);
    stripe.failNext(3);
    const res = await client.post('/api/subscriptions/cancel', { immediate: true });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/Nothing was changed/);
    expect(await billingRows(t, user.id)).toEqual(before);
  });
});

describe('webhook delivery', () => {
  test('replayed and duplicated events are applied once', async () => {
    const { client, user, paid } = await proUser();
    const before = await billingRows(t, user.id);
    for (const event of Object.values(paid.events)) {
      const again = await deliver(t, stripe, event);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ received: true, duplicate: true });
    }
    // The same invoice announced by a new event id (Stripe sends invoice.paid and
    // invoice.payment_succeeded alike): still one payment row.
    await deliver(t, stripe, stripe.event('invoice.paid', paid.invoice));
    expect(await billingRows(t, user.id)).toEqual(before);
    expect((await client.get('/api/subscriptions/payments')).body).toHaveLength(1);
  });

  test('events arriving out of order end in Stripe’s current state', async () => {
    const signed = await t.signedIn();
    await signed.client.post('/api/subscriptions/checkout', { planId: plans.pro });
    const paid = stripe.completeCheckout(lastSessionId());
    // Canceled at Stripe before any event arrived; then the events come in reverse order.
    const deleted = stripe.endPeriod(paid.subscription.id).events.subscriptionDeleted;
    await deliver(t, stripe, deleted);
    await deliver(t, stripe, paid.events.invoicePaid);
    await deliver(t, stripe, paid.events.subscriptionCreated);
    await deliver(t, stripe, paid.events.checkoutCompleted);
    const rows = await billingRows(t, signed.user.id);
    expect(rows.user.planType).toBe('free');
    expect(rows.subscriptions.map((s) => s.status)).toEqual(['canceled']);
    expect(rows.payments).toHaveLength(1);
    expect(rows.payments[0].subscriptionId).toBe(rows.subscriptions[0].id);
  });

  test.each([
    ['a missing signature', { signature: null }, /Missing Stripe-Signature/],
    ['a signature made with another secret', { secret: 'whsec_other' }, /Invalid Stripe-Signature/],
    ['a garbled signature', { signature: 't=1,v1=deadbeef' }, /Invalid Stripe-Signature/],
  ])('%s is a 400 and changes nothing', async (_name, options, message) => {
    const signed = await t.signedIn();
    await signed.client.post('/api/subscriptions/checkout', { planId: plans.pro });
    const paid = stripe.completeCheckout(lastSessionId());
    const calls = stripe.requests.length;
    const res = await deliver(t, stripe, paid.events.checkoutCompleted, options);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(stripe.requests.length).toBe(calls);
    const rows = await billingRows(t, signed.user.id);
    expect(rows.user.planType).toBe('free');
    expect(rows.subscriptions).toEqual([]);
    // Once correctly signed, the same event is applied (it was not recorded as seen).
    expect((await deliver(t, stripe, paid.events.checkoutCompleted)).status).toBe(200);
    expect((await billingRows(t, signed.user.id)).user.planType).toBe('pro');
  });

  test('the signature is checked on the bytes as sent (pretty-printed JSON verifies)', async () => {
    const signed = await t.signedIn();
    await signed.client.post('/api/subscriptions/checkout', { planId: plans.pro });
    const paid = stripe.completeCheckout(lastSessionId());
    const { body, signature } = stripe.sign(JSON.stringify(paid.events.checkoutCompleted, null, 2));
    const res = await t.client().request('POST', '/api/subscriptions/webhook', body, {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature,
    });
    expect(res.status).toBe(200);
    expect((await billingRows(t, signed.user.id)).user.planType).toBe('pro');
  });

  test('a body changed after signing is refused', async () => {
    const signed = await t.signedIn();
    await signed.client.post('/api/subscriptions/checkout', { planId: plans.pro });
    const paid = stripe.completeCheckout(lastSessionId());
    const { signature } = stripe.sign(paid.events.checkoutCompleted);
    const tampered = JSON.stringify({ ...paid.events.checkoutCompleted, id: 'evt_other' });
    const res = await t.client().request('POST', '/api/subscriptions/webhook', tampered, {
      'content-type': 'application/json',
      'stripe-signature': signature,
    });
    expect(res.status).toBe(400);
    expect((await billingRows(t, signed.user.id)).subscriptions).toEqual([]);
  });

  test('a signed body that is not a Stripe event is a 400', async () => {
    const signed = stripe.sign('{"hello":"world"}');
    const res = await t.client().request('POST', '/api/subscriptions/webhook', signed.body, {
      'content-type': 'application/json',
      'stripe-signature': signed.signature,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not a Stripe event/);
  });

  test('an event for an unknown customer is acknowledged, logged, and changes nothing', async () => {
    const usersBefore = await t.db.select().from(users);
    const paymentsBefore = await t.db.select().from(payments);
    const event = stripe.event('customer.subscription.updated', {
      id: 'sub_not_ours',
      object: 'subscription',
      customer: 'cus_not_ours',
      status: 'active',
    });
    const res = await deliver(t, stripe, event);
    expect(res.status).toBe(200);
    expect(logLines.some((l) => l.event === event.id && l.msg === 'unknown customer')).toBe(true);
    expect(await t.db.select().from(users)).toEqual(usersBefore);
    expect(await t.db.select().from(payments)).toEqual(paymentsBefore);
  });

  test('event types we do not use are acknowledged', async () => {
    const res = await deliver(
      t,
      stripe,
      stripe.event('customer.created', { id: 'cus_x', object: 'customer' }),
    );
    expect(res.status).toBe(200);
  });

  test('a Stripe outage while applying is a 502 so that Stripe retries, and the retry applies', async () => {
    const signed = await t.signedIn();
    await signed.client.post('/api/subscriptions/checkout', { planId: plans.pro });
    const paid = stripe.completeCheckout(lastSessionId());
    stripe.failNext(3);
    expect((await deliver(t, stripe, paid.events.subscriptionCreated)).status).toBe(502);
    expect((await billingRows(t, signed.user.id)).subscriptions).toEqual([]);
    expect((await deliver(t, stripe, paid.events.subscriptionCreated)).body.duplicate).toBe(false);
    expect((await billingRows(t, signed.user.id)).user.planType).toBe('pro');
  });
});

describe('account deletion', () => {
  test('cancels the Stripe subscription first and keeps payments without the user', async () => {
    const { client, user, paid } = await proUser();
    const res = await client.delete('/api/user');
    expect(res.status).toBe(204);
    expect(stripe.subscriptions.get(paid.subscription.id)!.status).toBe('canceled');
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    const kept = await t.db
      .select()
      .from(payments)
      .where(eq(payments.stripePaymentId, paid.invoice.id));
    expect(kept).toHaveLength(1);
    expect(kept[0].userId).toBeNull();
    // Stripe's later customer.subscription.deleted finds no customer: acknowledged.
    const late = stripe.event(
      'customer.subscription.deleted',
      stripe.subscriptions.get(paid.subscription.id)!,
    );
    expect((await deliver(t, stripe, late)).status).toBe(200);
  });

  test('when Stripe cannot cancel, nothing is deleted', async () => {
    const { client, user } = await proUser();
    await addAlerts(client, ['kept']);
    stripe.failNext(3);
    const res = await client.delete('/api/user');
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/account was not deleted/);
    const rows = await billingRows(t, user.id);
    expect(rows.user.planType).toBe('pro');
    expect(rows.subscriptions[0].status).toBe('active');
    expect(await t.db.select().from(alerts).where(eq(alerts.workspaceId, user.id))).toHaveLength(1);
    expect((await client.get('/api/user')).status).toBe(200);
  });
});
