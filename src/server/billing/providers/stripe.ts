import Stripe from 'stripe';
import { z } from 'zod';
import type { Config } from '../../config';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type BillingEvent,
  type PaymentState,
  type StripeProvider,
  type SubscriptionState,
} from './types';

type StripeConfig = Config['stripe'];

const SUBSCRIPTION_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_failed']);

const idOf = (value: unknown) =>
  typeof value === 'string' ? value : z.object({ id: z.string() }).safeParse(value).data?.id;

/** Only the fields we read; the rest of Stripe's event is ignored. */
const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({
    object: z.looseObject({
      id: z.string().optional(),
      object: z.string().optional(),
      mode: z.string().nullish(),
      customer: z.unknown().optional(),
      subscription: z.unknown().optional(),
    }),
  }),
});

export function toBillingEvent(payload: unknown): BillingEvent {
  const parsed = eventSchema.safeParse(payload);
  if (!parsed.success) throw new WebhookSignatureError('Webhook payload is not a Stripe event');
  const { id, type, data } = parsed.data;
  const object = data.object;
  const customerId = idOf(object.customer) ?? null;
  if (type === 'checkout.session.completed') {
    const subscriptionId = idOf(object.subscription);
    if (object.mode !== 'subscription' || !subscriptionId)
      return { id, type, subject: { kind: 'ignored' } };
    return { id, type, subject: { kind: 'subscription', id: subscriptionId, customerId } };
  }
  if (SUBSCRIPTION_EVENTS.has(type) && object.id)
    return { id, type, subject: { kind: 'subscription', id: object.id, customerId } };
  if (INVOICE_EVENTS.has(type) && object.id)
    return { id, type, subject: { kind: 'invoice', id: object.id, customerId } };
  return { id, type, subject: { kind: 'ignored' } };
}

const date = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

export function toSubscriptionState(sub: Stripe.Subscription): SubscriptionState {
  // Since API 2025-03-31 the billing period lives on the subscription items.
  const item = sub.items?.data?.[0];
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: sub.status,
    priceId: item?.price?.id ?? null,
    currentPeriodStart: date(item?.current_period_start),
    currentPeriodEnd: date(item?.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
  };
}

function paymentMethodOf(invoice: Stripe.Invoice): string | null {
  const intent = invoice.payments?.data?.[0]?.payment?.payment_intent;
  if (!intent || typeof intent === 'string') return null;
  const method = intent.payment_method;
  if (!method || typeof method === 'string') return null;
  if (method.card) {
    const brand = method.card.brand.charAt(0).toUpperCase() + method.card.brand.slice(1);
    return `${brand} •••• ${method.card.last4}`;
  }
  return method.type;
}

export function toPaymentState(invoice: Stripe.Invoice): PaymentState {
  const status =
    invoice.status === 'paid'
      ? 'succeeded'
      : invoice.status === 'void'
        ? 'void'
        : invoice.status === 'uncollectible' || invoice.attempted
          ? 'failed'
          : 'pending';
  return {
    id: invoice.id ?? '',
    customerId: idOf(invoice.customer) ?? null,
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription) ?? null,
    amount: status === 'succeeded' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status,
    paymentMethod: paymentMethodOf(invoice),
    receiptUrl: invoice.hosted_invoice_url ?? null,
  };
}

/** Any SDK failure (network, 5xx, refusal) becomes a 502 that changes nothing on our side. */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      throw new PaymentProviderError(undefined, undefined, { cause: error, operation: what });
    }
    throw error;
  }
}

export function createStripeClient(config: StripeConfig) {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  return new Stripe(config.secretKey ?? '', {
    ...(base && {
      host: base.hostname,
      port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: 'Earshot' },
  });
}

export function createStripeProvider(config: StripeConfig, stripe = createStripeClient(config)) {
  const provider: StripeProvider = {
    kind: 'stripe',

    createCustomer: (user) =>
      call('customers.create', async () => {
        const customer = await stripe.customers.create(
          { email: user.email, metadata: { userId: String(user.id) } },
          // A retried request (or a second checkout racing this one) gets the same customer.
          { idempotencyKey: `earshot-customer-${user.id}-${user.createdAt.getTime()}` },
        );
        return customer.id;
      }),

    async createCheckout({ userId, customerId, plan, successUrl, cancelUrl }) {
      const price = plan.priceId ?? config.proPriceId;
      if (!price) {
        throw new PaymentProviderError(
          'Checkout is not configured: set STRIPE_PRO_PRICE_ID (or the plan row’s stripe_price_id).',
          503,
        );
      }
      const session = await call('checkout.sessions.create', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          line_items: [{ price, quantity: 1 }],
          success_url: successUrl,
          cancel_url: cancelUrl,
          client_reference_id: String(userId),
          metadata: { userId: String(userId), planId: String(plan.id) },
          subscription_data: { metadata: { userId: String(userId), planId: String(plan.id) } },
        }),
      );
      if (!session.url) throw new PaymentProviderError('Stripe returned no checkout URL.');
      return { url: session.url };
    },

    setCancelAtPeriodEnd: (current, cancel) =>
      call('subscriptions.update', async () =>
        toSubscriptionState(
          await stripe.subscriptions.update(current.id, { cancel_at_period_end: cancel }),
        ),
      ),

    cancelNow: (current) =>
      call('subscriptions.cancel', async () =>
        toSubscriptionState(await stripe.subscriptions.cancel(current.id)),
      ),

    verifyWebhook(rawBody, signature) {
      if (!config.webhookSecret) {
        throw new PaymentProviderError(
          'Webhooks are not configured: set STRIPE_WEBHOOK_SECRET.',
          503,
        );
      }
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: unknown;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        throw new WebhookSignatureError('Invalid Stripe-Signature: the payload was not verified');
      }
      return toBillingEvent(event);
    },

    fetchSubscription: (id) =>
      call('subscriptions.retrieve', async () =>
        toSubscriptionState(await stripe.subscriptions.retrieve(id)),
      ),

    fetchPayment: (invoiceId) =>
      call('invoices.retrieve', async () =>
        toPaymentState(
          await stripe.invoices.retrieve(invoiceId, {
            expand: ['payments.data.payment.payment_intent.payment_method'],
          }),
        ),
      ),
  };
  return provider;
}
