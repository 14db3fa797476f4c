import type {
  CancelBody,
  CheckoutBody,
  CurrentSubscription,
  Payment,
  PausedAlerts,
} from '@shared/api/subscriptions';
import { isTestCustomer } from '../providers/test-mode';
import {
  PaymentProviderError,
  type BillingEvent,
  type PaymentProvider,
  type StripeProvider,
} from '../providers/types';
import type { Config } from '../../config';
import { isForeignKeyViolation } from '../../db/errors';
import {
  ConflictError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../../http/errors';
import * as repo from './repo';
import { returnUrl } from './return-url';
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
      // Deleted by a request that raced this one (DELETE /api/user): gone, as after sign-out.
      if (!user) throw new UnauthorizedError();
      // A test-mode customer means nothing to Stripe (and back): make one at this provider.
      if (user.customerId && isTestCustomer(user.customerId) === (providerKind === 'test')) {
        return user.customerId;
      }
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
    /** The user's customer at the current provider, made on first use. */
    ensureCustomer,

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
      try {
        return await payments.createCheckout({
          userId,
          customerId,
          plan: { ...plan, priceId: plan.stripePriceId },
          successUrl,
          cancelUrl,
        });
      } catch (error) {
        // The account was deleted since ensureCustomer (the test-mode session row refers to it).
        if (isForeignKeyViolation(error)) throw new UnauthorizedError();
        throw error;
      }
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
  };

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
