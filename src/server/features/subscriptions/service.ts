import type {
  CancelBody,
  CheckoutBody,
  CurrentSubscription,
  Payment,
  PausedAlerts,
  TestCheckout,
} from '@shared/api/subscriptions';
import {
  newTestEventId,
  newTestPayment,
  newTestSubscription,
  addMonth,
} from '../../billing/test-mode';
import {
  PaymentProviderError,
  type BillingEvent,
  type PaymentProvider,
  type StripeProvider,
} from '../../billing/types';
import type { Config } from '../../config';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { allowedOrigins } from '../../http/security';
import * as repo from './repo';
import {
  applyPayment,
  applySubscription,
  providerOfRow,
  stateOfRow,
  type SyncDeps,
  type SyncResult,
} from './sync';

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toCurrentDto(
  row: { subscription: repo.SubscriptionRow; plan: repo.PlanRow } | undefined,
): CurrentSubscription {
  if (!row) return null;
  const { subscription, plan } = row;
  return {
    id: subscription.id,
    plan: { id: plan.id, name: plan.name },
    status: subscription.status,
    stripeSubscriptionId: subscription.stripeSubscriptionId,
    provider: providerOfRow(subscription),
    currentPeriodStart: iso(subscription.currentPeriodStart),
    currentPeriodEnd: iso(subscription.currentPeriodEnd),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
}

export function toPaymentDto(row: repo.PaymentRow): Payment {
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    paymentMethod: row.paymentMethod,
    receiptUrl: row.receiptUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A return URL from the client must stay on the app's origin (no open redirect through the
 * payment page); it always carries the flag the settings page reacts to.
 */
export function returnUrl(
  appUrl: string,
  given: string | undefined,
  fallbackPath: string,
  flag: 'checkout_success' | 'checkout_canceled',
  field: 'successUrl' | 'cancelUrl',
) {
  let url: URL;
  try {
    url = new URL(given ?? fallbackPath, appUrl);
  } catch {
    throw new ValidationError(`Invalid ${field}: must be a URL`, { [field]: 'must be a URL' });
  }
  if (!allowedOrigins(appUrl).has(url.origin)) {
    const problem = `must be on ${new URL(appUrl).origin}`;
    throw new ValidationError(`Invalid ${field}: ${problem}`, { [field]: problem });
  }
  url.searchParams.set(flag, 'true');
  return url.toString();
}

const NO_SUBSCRIPTION = 'You have no active subscription';

export function createSubscriptionService(
  deps: SyncDeps & { payments: PaymentProvider; config: Config },
) {
  const { db, clock, payments, config } = deps;
  const log = deps.log;
  const providerKind = payments.kind;

  async function ensureCustomer(userId: number) {
    return db.transaction(async (tx) => {
      // Under the user's row lock: two checkouts at once create one customer.
      const user = await repo.lockUser(tx, userId);
      if (user.customerId) return user.customerId;
      const customerId = await payments.createCustomer(user);
      await repo.setCustomerId(tx, userId, customerId);
      return customerId;
    });
  }

  function logSkip(event: { id: string; type: string }, result: SyncResult) {
    if (!result.applied) log?.warn({ event: event.id, type: event.type }, result.reason);
  }

  async function cancelOrResume(userId: number, change: 'now' | 'at-period-end' | 'resume') {
    const current = await repo.findEntitledSubscription(db, userId);
    if (!current) throw new NotFoundError(NO_SUBSCRIPTION);
    const owner = await repo.findUser(db, userId);
    if (!owner.customerId) throw new NotFoundError(NO_SUBSCRIPTION);
    if (providerOfRow(current.subscription) !== providerKind) {
      throw new ConflictError(
        'This subscription was made with another payment provider than the one configured now.',
      );
    }
    if (change === 'resume' && !current.subscription.cancelAtPeriodEnd) {
      throw new ConflictError('Your subscription is not set to cancel');
    }
    const state = stateOfRow(current.subscription, owner.customerId);
    // The provider first: if it fails, nothing here changes.
    const next =
      change === 'now'
        ? await payments.cancelNow(state)
        : await payments.setCancelAtPeriodEnd(state, change === 'at-period-end');
    const result = await applySubscription(deps, owner.customerId, async () => next, providerKind);
    if (!result.applied) log?.warn({ userId, reason: result.reason }, 'cancel not applied');
    return toCurrentDto(await repo.findEntitledSubscription(db, userId));
  }

  return {
    async current(userId: number) {
      return toCurrentDto(await repo.findEntitledSubscription(db, userId));
    },

    async payments(userId: number) {
      return (await repo.listPayments(db, userId)).map(toPaymentDto);
    },

    async checkout(userId: number, body: CheckoutBody) {
      const plan = await repo.findActivePlan(db, body.planId);
      if (!plan) throw new NotFoundError('Plan not found');
      if (plan.price === 0) {
        throw new ValidationError(
          'The Free plan needs no checkout. To move to Free, cancel your subscription.',
          { planId: 'is the Free plan' },
        );
      }
      const successUrl = returnUrl(
        config.appUrl,
        body.successUrl,
        '/settings?tab=subscription',
        'checkout_success',
        'successUrl',
      );
      const cancelUrl = returnUrl(
        config.appUrl,
        body.cancelUrl,
        '/settings?tab=subscription',
        'checkout_canceled',
        'cancelUrl',
      );
      const current = await repo.findEntitledSubscription(db, userId);
      if (current) throw new ConflictError(`You are already subscribed to ${current.plan.name}`);
      const customerId = await ensureCustomer(userId);
      return payments.createCheckout({
        userId,
        customerId,
        plan: { ...plan, priceId: plan.stripePriceId },
        successUrl,
        cancelUrl,
      });
    },

    cancel: (userId: number, body: CancelBody) =>
      cancelOrResume(userId, body.immediate ? 'now' : 'at-period-end'),

    resume: (userId: number) => cancelOrResume(userId, 'resume'),

    /** Before an account is deleted: end a paid subscription at the provider, or refuse. */
    async cancelForAccountDeletion(userId: number) {
      const current = await repo.findEntitledSubscription(db, userId);
      // A subscription of the other provider (test mode before Stripe was configured, say)
      // has nothing to cancel at this one.
      if (!current || providerOfRow(current.subscription) !== providerKind) return;
      const user = await repo.findUser(db, userId);
      try {
        await payments.cancelNow(stateOfRow(current.subscription, user.customerId ?? ''));
      } catch (error) {
        if (error instanceof PaymentProviderError) {
          throw new PaymentProviderError(
            'Your subscription could not be canceled with the payment provider, so your account was not deleted. Please try again in a minute.',
          );
        }
        throw error;
      }
    },

    /** A verified Stripe webhook: applied once, from the objects' current state at Stripe. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined) {
      if (payments.kind !== 'stripe') throw new NotFoundError('Webhooks are not used in test mode');
      const event = payments.verifyWebhook(rawBody, signature);
      if (await repo.hasEvent(db, event.id)) return { received: true, duplicate: true };
      await applyStripeEvent(payments, event);
      await repo.recordEvent(db, event.id, event.type, clock.now());
      return { received: true, duplicate: false };
    },

    async pausedAlerts(userId: number): Promise<PausedAlerts> {
      const rows = await repo.listPlanPausedAlerts(db, userId);
      return {
        alerts: rows.map(({ id, keyword }) => ({ id, keyword })),
        pausedAt: rows.length ? rows[0].pausedAt.toISOString() : null,
      };
    },

    async dismissPausedAlerts(userId: number) {
      await repo.forgetPlanPausedAlerts(db, userId);
    },

    async testCheckout(userId: number, id: string): Promise<TestCheckout> {
      const found = await findTestCheckout(userId, id);
      const { session, plan } = found;
      const expired = session.status === 'open' && session.expiresAt <= clock.now();
      const user = await repo.findUser(db, userId);
      return {
        id: session.id,
        status: expired ? 'expired' : (session.status as TestCheckout['status']),
        plan: { name: plan.name, price: plan.price, interval: plan.interval },
        email: user.email,
        cancelUrl: session.cancelUrl,
      };
    },

    /** "Pay" on the test-mode page: the same states Stripe's webhooks would bring. */
    async payTestCheckout(userId: number, id: string) {
      const { session, plan } = await findTestCheckout(userId, id);
      if (session.status === 'open' && session.expiresAt <= clock.now()) {
        throw new ConflictError('This checkout session has expired. Start the upgrade again.');
      }
      if (await repo.findEntitledSubscription(db, userId)) {
        throw new ConflictError('You are already subscribed to Pro');
      }
      if (!(await repo.closeTestCheckout(db, id, 'paid'))) {
        throw new ConflictError('This checkout session is no longer open');
      }
      const customerId = await ensureCustomer(userId);
      const subscription = newTestSubscription(customerId, clock.now());
      await applyTestEvents(subscription, plan.price);
      return { url: session.successUrl };
    },

    async cancelTestCheckout(userId: number, id: string) {
      const { session } = await findTestCheckout(userId, id);
      await repo.closeTestCheckout(db, id, 'canceled');
      return { url: session.cancelUrl };
    },
  };

  async function findTestCheckout(userId: number, id: string) {
    if (payments.kind !== 'test') throw new NotFoundError('Checkout session not found');
    const found = await repo.findOwnedTestCheckout(db, userId, id);
    if (!found) throw new NotFoundError('Checkout session not found');
    return found;
  }

  /** customer.subscription.updated + invoice.paid, as test mode's own events. */
  async function applyTestEvents(
    subscription: ReturnType<typeof newTestSubscription>,
    amount: number,
  ) {
    const subscriptionEvent = { id: newTestEventId(), type: 'customer.subscription.updated' };
    const result = await applySubscription(
      deps,
      subscription.customerId,
      async () => subscription,
      'test',
    );
    logSkip(subscriptionEvent, result);
    await repo.recordEvent(db, subscriptionEvent.id, subscriptionEvent.type, clock.now());
    const paymentEvent = { id: newTestEventId(), type: 'invoice.paid' };
    logSkip(paymentEvent, await applyPayment(deps, newTestPayment(subscription, amount)));
    await repo.recordEvent(db, paymentEvent.id, paymentEvent.type, clock.now());
  }

  async function applyStripeEvent(stripe: StripeProvider, event: BillingEvent) {
    const { subject } = event;
    if (subject.kind === 'ignored') return;
    if (subject.kind === 'subscription') {
      const customerId =
        subject.customerId ?? (await stripe.fetchSubscription(subject.id)).customerId;
      logSkip(
        event,
        await applySubscription(
          deps,
          customerId,
          () => stripe.fetchSubscription(subject.id),
          'stripe',
        ),
      );
      return;
    }
    const payment = await stripe.fetchPayment(subject.id);
    // The subscription first (a paid retry ends past_due), so the payment can point at it.
    if (payment.subscriptionId && payment.customerId) {
      const subscriptionId = payment.subscriptionId;
      logSkip(
        event,
        await applySubscription(
          deps,
          payment.customerId,
          () => stripe.fetchSubscription(subscriptionId),
          'stripe',
        ),
      );
    }
    logSkip(event, await applyPayment(deps, payment));
  }
}

/**
 * Worker job: test-mode subscriptions whose period ended are renewed (a new succeeded payment
 * per period) or, when set to cancel at period end, ended, through the same code as Stripe's
 * events.
 */
export async function renewTestModeSubscriptions(deps: SyncDeps) {
  const now = deps.clock.now();
  const due = await repo.listDueTestSubscriptions(deps.db, now);
  for (const { subscription, plan, user } of due) {
    if (!user.customerId) continue;
    let state = stateOfRow(subscription, user.customerId);
    if (state.cancelAtPeriodEnd) {
      state = { ...state, status: 'canceled', cancelAtPeriodEnd: false };
      await applySubscription(deps, user.customerId, async () => state, 'test');
      continue;
    }
    // One payment per elapsed period, so a worker that was down catches up.
    while (state.currentPeriodEnd && state.currentPeriodEnd <= now) {
      const start = state.currentPeriodEnd;
      state = { ...state, currentPeriodStart: start, currentPeriodEnd: addMonth(start) };
      const renewed = state;
      await applySubscription(deps, user.customerId, async () => renewed, 'test');
      await applyPayment(deps, newTestPayment(renewed, plan.price));
    }
  }
  return due.length;
}
