import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { decodeForm } from './form';

/**
 * A fake Stripe API on loopback, speaking Stripe's wire protocol (form-encoded requests, JSON
 * answers, Bearer keys, Idempotency-Key, `{ error }` envelopes) for the calls Earshot makes:
 * customers, checkout sessions, subscriptions (retrieve, update, cancel) and invoices. The test
 * drives what happens at Stripe (a checkout paid, a renewal, a failed charge) and gets back the
 * events Stripe would send, signed by `sign()` with the SDK's own test-header helper.
 */
export const FAKE_SECRET_KEY = 'sk_test_fake_earshot';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_earshot';
export const FAKE_PRO_PRICE = 'price_pro_monthly';

type Obj = Record<string, any>;
export interface RecordedRequest {
  method: string;
  path: string;
  body: Obj;
  idempotencyKey?: string;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const MONTH_S = 30 * 24 * 3600;

export async function startFakeStripe(options: { now?: () => Date } = {}) {
  const now = () => seconds(options.now?.() ?? new Date());
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: Obj }>();
  const requests: RecordedRequest[] = [];
  /** Answers the next N API calls with this HTTP status (an outage). */
  let failures: { remaining: number; status: number } = { remaining: 0, status: 500 };

  function error(status: number, message: string, type = 'invalid_request_error') {
    return { status, body: { error: { type, message } } };
  }

  function subscriptionFor(customer: string, price: string): Obj {
    const start = now();
    const sub: Obj = {
      id: id('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      created: start,
      metadata: {},
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price: { id: price, object: 'price', unit_amount: 1499, currency: 'usd' },
            current_period_start: start,
            current_period_end: start + MONTH_S,
          },
        ],
      },
    };
    subscriptions.set(sub.id, sub);
    return sub;
  }

  function invoiceFor(sub: Obj, paid: boolean): Obj {
    const invoiceId = id('in');
    const invoice: Obj = {
      id: invoiceId,
      object: 'invoice',
      customer: sub.customer,
      status: paid ? 'paid' : 'open',
      attempted: true,
      amount_due: 1499,
      amount_paid: paid ? 1499 : 0,
      currency: 'usd',
      created: now(),
      hosted_invoice_url: `https://invoice.stripe.test/i/${invoiceId}`,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: {} },
      },
      _payments: [
        {
          id: id('inpay'),
          object: 'invoice_payment',
          payment: {
            type: 'payment_intent',
            payment_intent: {
              id: id('pi'),
              object: 'payment_intent',
              payment_method: {
                id: id('pm'),
                object: 'payment_method',
                type: 'card',
                card: { brand: 'visa', last4: '4242' },
              },
            },
          },
        },
      ],
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  /** `payments` is includable: returned only when expanded, as Stripe does. */
  function renderInvoice(invoice: Obj, expand: string[]) {
    const { _payments, ...rest } = invoice;
    if (!expand.some((e) => e.startsWith('payments'))) return rest;
    return { ...rest, payments: { object: 'list', data: _payments } };
  }

  function handle(method: string, path: string, body: Obj, query: Obj) {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: body.email,
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (!customers.has(body.customer)) return error(400, `No such customer: '${body.customer}'`);
      if (body.mode !== 'subscription') return error(400, 'mode must be subscription');
      const price = body.line_items?.[0]?.price;
      if (!price) return error(400, 'Missing required param: line_items[0][price].');
      const session = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: body.mode,
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        metadata: body.metadata ?? {},
        status: 'open',
        subscription: null as string | null,
        url: '',
        _price: price,
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      sessions.set(session.id, session);
      return { status: 200, body: publicSession(session) };
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([\w-]+)$/))) {
      const sub = subscriptions.get(m[1]);
      if (!sub) return error(404, `No such subscription: '${m[1]}'`);
      if (method === 'GET') return { status: 200, body: sub };
      if (method === 'POST') {
        if (sub.status === 'canceled')
          return error(
            400,
            'A canceled subscription can only update its cancellation_details and metadata.',
          );
        if ('cancel_at_period_end' in body) {
          sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
          sub.canceled_at = sub.cancel_at_period_end ? now() : null;
        }
        return { status: 200, body: sub };
      }
      if (method === 'DELETE') {
        sub.status = 'canceled';
        sub.canceled_at = now();
        sub.cancel_at_period_end = false;
        return { status: 200, body: sub };
      }
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/invoices\/([\w-]+)$/))) {
      const invoice = invoices.get(m[1]);
      if (!invoice) return error(404, `No such invoice: '${m[1]}'`);
      const expand = ([] as string[]).concat(query.expand ?? []);
      return { status: 200, body: renderInvoice(invoice, expand) };
    }
    return error(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const publicSession = ({ _price, ...session }: Obj) => session;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = decodeForm(Buffer.concat(chunks).toString('utf8'));
      const query = decodeForm(url.search.slice(1));
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, body, idempotencyKey: key });
      const send = (status: number, payload: Obj, extra: Record<string, string> = {}) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': id('req'),
          ...extra,
        });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
        return send(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
      }
      if (failures.remaining > 0) {
        failures.remaining--;
        return send(failures.status, {
          error: { type: 'api_error', message: 'Stripe is down (fake)' },
        });
      }
      const cacheKey = key && `${req.method} ${url.pathname} ${key}`;
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      if (cached) return send(cached.status, cached.body, { 'idempotent-replayed': 'true' });
      const answer = handle(req.method ?? 'GET', url.pathname, body, query);
      if (cacheKey && answer.status < 500) idempotent.set(cacheKey, answer);
      send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const webhooks = new Stripe(FAKE_SECRET_KEY).webhooks;

  function event(type: string, object: Obj): Obj {
    const { _payments, _price, ...data } = object;
    void _payments;
    void _price;
    return {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      type,
      data: { object: structuredClone(data) },
      livemode: false,
    };
  }

  function mustGet<T>(map: Map<string, T>, key: string, what: string) {
    const found = map.get(key);
    if (!found) throw new Error(`fake stripe: no ${what} ${key}`);
    return found;
  }

  return {
    url,
    env: {
      STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_PRO_PRICE_ID: FAKE_PRO_PRICE,
      STRIPE_API_BASE: url,
    },
    requests,
    customers,
    subscriptions,
    invoices,
    sessions,
    /** The next `count` API calls answer `status` (default 500, no retry hint). */
    failNext(count: number, status = 500) {
      failures = { remaining: count, status };
    },
    /** The customer pays the hosted checkout: a subscription and a paid first invoice. */
    completeCheckout(sessionId: string) {
      const session = mustGet(sessions, sessionId, 'checkout session');
      const sub = subscriptionFor(session.customer, session._price);
      const invoice = invoiceFor(sub, true);
      session.status = 'complete';
      session.subscription = sub.id;
      return {
        subscription: sub,
        invoice,
        events: {
          checkoutCompleted: event('checkout.session.completed', publicSession(session)),
          subscriptionCreated: event('customer.subscription.created', sub),
          invoicePaid: event('invoice.paid', invoice),
        },
      };
    },
    /** A new period starts; `paid` decides whether its charge succeeds. */
    renew(subscriptionId: string, paid: boolean) {
      const sub = mustGet(subscriptions, subscriptionId, 'subscription');
      const item = sub.items.data[0];
      item.current_period_start = item.current_period_end;
      item.current_period_end = item.current_period_start + MONTH_S;
      sub.status = paid ? 'active' : 'past_due';
      const invoice = invoiceFor(sub, paid);
      return {
        invoice,
        events: {
          subscriptionUpdated: event('customer.subscription.updated', sub),
          invoice: event(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice),
        },
      };
    },
    /** Stripe's retry of a failed invoice succeeds. */
    recover(invoiceId: string) {
      const invoice = mustGet(invoices, invoiceId, 'invoice');
      const sub = mustGet(
        subscriptions,
        invoice.parent.subscription_details.subscription,
        'subscription',
      );
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      sub.status = 'active';
      return {
        events: {
          invoicePaid: event('invoice.paid', invoice),
          subscriptionUpdated: event('customer.subscription.updated', sub),
        },
      };
    },
    /** The period ends: a subscription set to cancel at period end is deleted. */
    endPeriod(subscriptionId: string) {
      const sub = mustGet(subscriptions, subscriptionId, 'subscription');
      sub.status = 'canceled';
      sub.cancel_at_period_end = false;
      return { events: { subscriptionDeleted: event('customer.subscription.deleted', sub) } };
    },
    /** An event Stripe would send about an object as it is now. */
    event,
    /** The body and Stripe-Signature header of a webhook delivery. */
    sign(payload: Obj | string, secret = FAKE_WEBHOOK_SECRET) {
      const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
      return {
        body: text,
        signature: webhooks.generateTestHeaderString({ payload: text, secret }),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
