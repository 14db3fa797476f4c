import type { TestCheckout } from '@shared/api/subscriptions';
import {
  addMonth,
  newTestEventId,
  newTestPayment,
  newTestSubscription,
} from '../providers/test-mode';
import { ConflictError, NotFoundError, UnauthorizedError } from '../../http/errors';
import * as repo from './repo';
import {
  applyPayment,
  applyPaymentIn,
  applySubscription,
  applySubscriptionIn,
  stateOfRow,
  type SyncDeps,
} from './sync';

/**
 * The test-mode checkout page's calls. Paying writes what Stripe's `customer.subscription.*`
 * and `invoice.paid` events would, through the same writers, recorded as events of their own.
 */
export type TestCheckoutService = ReturnType<typeof createTestCheckoutService>;

export function createTestCheckoutService(
  deps: SyncDeps & { enabled: boolean; ensureCustomer: (userId: number) => Promise<string> },
) {
  const { db, clock } = deps;

  async function find(userId: number, id: string) {
    if (!deps.enabled) throw new NotFoundError('Checkout session not found');
    const found = await repo.findOwnedTestCheckout(db, userId, id);
    if (!found) throw new NotFoundError('Checkout session not found');
    return found;
  }

  const isExpired = (session: repo.TestCheckoutRow) =>
    session.status === 'open' && session.expiresAt <= clock.now();

  return {
    async testCheckout(userId: number, id: string): Promise<TestCheckout> {
      const { session, plan } = await find(userId, id);
      const user = await repo.findUser(db, userId);
      return {
        id: session.id,
        status: isExpired(session) ? 'expired' : (session.status as TestCheckout['status']),
        plan: { name: plan.name, price: plan.price, interval: plan.interval },
        email: user.email,
        cancelUrl: session.cancelUrl,
      };
    },

    /** "Pay": one transaction under the user's lock, so two sessions paid at once make one. */
    async payTestCheckout(userId: number, id: string) {
      const { session, plan } = await find(userId, id);
      if (isExpired(session)) {
        throw new ConflictError('This checkout session has expired. Start the upgrade again.');
      }
      const customerId = await deps.ensureCustomer(userId);
      await db.transaction(async (tx) => {
        // Deleted by a request that raced this one: gone, as after sign-out (the same 401).
        if (!(await repo.lockUser(tx, userId))) throw new UnauthorizedError();
        if (await repo.findEntitledSubscription(tx, userId)) {
          throw new ConflictError(`You are already subscribed to ${plan.name}`);
        }
        if (!(await repo.closeTestCheckout(tx, id, 'paid'))) {
          throw new ConflictError('This checkout session is no longer open');
        }
        const subscription = newTestSubscription(customerId, clock.now());
        await applySubscriptionIn(tx, deps, customerId, async () => subscription, 'test');
        await repo.recordEvent(tx, newTestEventId(), 'customer.subscription.created', clock.now());
        await applyPaymentIn(tx, deps, newTestPayment(subscription, plan.price));
        await repo.recordEvent(tx, newTestEventId(), 'invoice.paid', clock.now());
      });
      return { url: session.successUrl };
    },

    async cancelTestCheckout(userId: number, id: string) {
      const { session } = await find(userId, id);
      await repo.closeTestCheckout(db, id, 'canceled');
      return { url: session.cancelUrl };
    },
  };
}

/**
 * Worker job: test-mode subscriptions whose period ended are renewed (a succeeded payment per
 * elapsed period, so a worker that was down catches up) or, when set to cancel at period end,
 * ended, through the same writers as Stripe's events. Returns how many were due.
 */
export async function renewTestModeSubscriptions(deps: SyncDeps) {
  const now = deps.clock.now();
  const due = await repo.listDueTestSubscriptions(deps.db, now);
  for (const { subscription, plan, user } of due) {
    if (!user.customerId) continue;
    let state = stateOfRow(subscription, user.customerId);
    if (state.cancelAtPeriodEnd) {
      const ended = { ...state, status: 'canceled', cancelAtPeriodEnd: false };
      await applySubscription(deps, user.customerId, async () => ended, 'test');
      continue;
    }
    while (state.currentPeriodEnd && state.currentPeriodEnd <= now) {
      const start = state.currentPeriodEnd;
      const renewed = { ...state, currentPeriodStart: start, currentPeriodEnd: addMonth(start) };
      await applySubscription(deps, user.customerId, async () => renewed, 'test');
      await applyPayment(deps, newTestPayment(renewed, plan.price));
      state = renewed;
    }
  }
  return due.length;
}
