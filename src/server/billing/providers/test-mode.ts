import { randomBytes } from 'node:crypto';
import { TEST_CARD_LABEL } from '@shared/api/subscriptions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { testCheckoutSessions } from '../../db/schema';
import type { PaymentState, SubscriptionState, TestModeProvider } from './types';

/**
 * The built-in provider for self-hosters without Stripe: checkout is a page of the app
 * ("Test mode — no real payment"), paying produces the same subscription and payment states
 * Stripe's webhooks would, and the worker renews subscriptions at period end. No money moves.
 */
export const TEST_PRICE_ID = 'test_price_pro';
const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

/** The same day next month, clamped to the month's end (Jan 31 → Feb 28), in UTC. */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export function newTestSubscription(customerId: string, start: Date): SubscriptionState {
  return {
    id: token('test_sub'),
    customerId,
    status: 'active',
    priceId: TEST_PRICE_ID,
    currentPeriodStart: start,
    currentPeriodEnd: addMonth(start),
    cancelAtPeriodEnd: false,
  };
}

/** A succeeded payment for one period; its receipt is a page of the app. */
export function newTestPayment(subscription: SubscriptionState, amount: number): PaymentState {
  const id = token('test_pay');
  return {
    id,
    customerId: subscription.customerId,
    subscriptionId: subscription.id,
    amount,
    currency: 'usd',
    status: 'succeeded',
    paymentMethod: TEST_CARD_LABEL,
    receiptUrl: `/billing/receipts/${id}`,
  };
}

export const newTestEventId = () => token('test_evt');
export const isTestCustomer = (customerId: string) => customerId.startsWith('test_cus_');

/**
 * The checkout page and its return URLs are paths, not APP_URL's origin: the browser stays on
 * the host it opened Earshot on (localhost or 127.0.0.1), whose session cookie it holds. The
 * return URLs were already checked to be on the app's origin.
 */
const pathOf = (url: string) => {
  const { pathname, search, hash } = new URL(url);
  return `${pathname}${search}${hash}`;
};

export function createTestModeProvider(deps: { db: Db; clock: Clock }) {
  const provider: TestModeProvider = {
    kind: 'test',

    createCustomer: async () => token('test_cus'),

    async createCheckout({ userId, plan, successUrl, cancelUrl }) {
      const id = token('tcs');
      const now = deps.clock.now();
      await deps.db.insert(testCheckoutSessions).values({
        id,
        userId,
        planId: plan.id,
        successUrl: pathOf(successUrl),
        cancelUrl: pathOf(cancelUrl),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
      });
      return { url: `/billing/test-checkout/${id}` };
    },

    setCancelAtPeriodEnd: async (current, cancel) => ({ ...current, cancelAtPeriodEnd: cancel }),

    cancelNow: async (current) => ({
      ...current,
      status: 'canceled',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: deps.clock.now(),
    }),
  };
  return provider;
}
