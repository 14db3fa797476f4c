import { BUILTIN_FREE_PLAN, isProPlanName } from '@shared/builtin-plans';
import type { FastifyBaseLogger } from 'fastify';
import { TEST_PRICE_ID } from '../providers/test-mode';
import type { PaymentState, SubscriptionState } from '../providers/types';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { limitsOf } from '../plans/service';
import * as repo from './repo';

export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface SyncDeps {
  db: Db;
  clock: Clock;
  log?: Log;
  /** STRIPE_PRO_PRICE_ID: subscriptions on this price are on the Pro plan. */
  proPriceId?: string;
}

export type SyncResult = { applied: true; userId: number } | { applied: false; reason: string };

/** Which plan row a provider price belongs to: the row's own price id, else Pro's configured one. */
function planForPrice(plans: repo.PlanRow[], priceId: string | null, proPriceId?: string) {
  const byRow = plans.find((plan) => priceId !== null && plan.stripePriceId === priceId);
  if (byRow) return byRow;
  if (priceId !== null && (priceId === proPriceId || priceId === TEST_PRICE_ID)) {
    return plans.find((plan) => isProPlanName(plan.name));
  }
  return undefined;
}

/**
 * Downgrade: every alert is kept; the `keep` most recently updated live ones stay live and the
 * rest are paused and remembered, so the dashboard can name them and an upgrade can resume them.
 */
export async function pauseAlertsBeyondLimit(
  tx: DbOrTx,
  userId: number,
  keep: number | null,
  now: Date,
) {
  if (keep === null) return [];
  const live = await repo.listLiveAlerts(tx, userId);
  const extra = live.slice(Math.max(0, keep)).map((alert) => alert.id);
  await repo.pauseAlertsForPlan(tx, userId, extra, now);
  return extra;
}

/** Upgrade again: the alerts a downgrade paused, and the user left alone, go live again. */
async function resumePlanPausedAlerts(tx: DbOrTx, userId: number) {
  const paused = await repo.listPlanPausedAlerts(tx, userId);
  await repo.resumeAlerts(
    tx,
    userId,
    paused.map((alert) => alert.id),
  );
  await repo.forgetPlanPausedAlerts(tx, userId);
}

/**
 * Recomputes users.plan_type from the user's subscriptions and applies the consequences of a
 * change (pause or resume alerts), inside the caller's transaction.
 */
async function settlePlan(tx: DbOrTx, user: repo.UserRow, now: Date) {
  const entitled = await repo.findEntitledSubscription(tx, user.id);
  const planType = entitled && isProPlanName(entitled.plan.name) ? 'pro' : 'free';
  if (planType === user.planType) return planType;
  await repo.setPlanType(tx, user.id, planType);
  if (planType === 'pro') {
    await resumePlanPausedAlerts(tx, user.id);
  } else {
    const free = (await repo.listPlans(tx)).find((plan) => plan.name === BUILTIN_FREE_PLAN.name);
    await pauseAlertsBeyondLimit(tx, user.id, limitsOf(free).activeKeywords, now);
  }
  return planType;
}

/**
 * Writes the provider's current state of a subscription and the user's plan in one
 * transaction. `read` is called under the user's row lock, so two deliveries about the same
 * subscription cannot write an older answer over a newer one.
 */
export async function applySubscription(
  deps: SyncDeps,
  customerId: string,
  read: () => Promise<SubscriptionState>,
  provider: 'stripe' | 'test',
): Promise<SyncResult> {
  return deps.db.transaction((tx) => applySubscriptionIn(tx, deps, customerId, read, provider));
}

/** `applySubscription` inside the caller's transaction. */
export async function applySubscriptionIn(
  tx: DbOrTx,
  deps: Omit<SyncDeps, 'db'>,
  customerId: string,
  read: () => Promise<SubscriptionState>,
  provider: 'stripe' | 'test',
): Promise<SyncResult> {
  const owner = await repo.findUserByCustomerId(tx, customerId);
  if (!owner) return { applied: false, reason: 'unknown customer' };
  const user = await repo.lockUser(tx, owner.id);
  const state = await read();
  if (state.customerId !== customerId) return { applied: false, reason: 'customer mismatch' };
  const plan = planForPrice(await repo.listPlans(tx), state.priceId, deps.proPriceId);
  if (!plan) return { applied: false, reason: `unknown price ${state.priceId ?? '(none)'}` };
  const now = deps.clock.now();
  await repo.upsertSubscription(
    tx,
    {
      userId: user.id,
      planId: plan.id,
      status: state.status,
      currentPeriodStart: state.currentPeriodStart,
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      stripeSubscriptionId: state.id,
      metadata: { provider },
    },
    now,
  );
  await settlePlan(tx, user, now);
  return { applied: true, userId: user.id };
}

/** Writes one payment (invoice) as the provider holds it now. */
export async function applyPayment(deps: SyncDeps, state: PaymentState): Promise<SyncResult> {
  return deps.db.transaction((tx) => applyPaymentIn(tx, deps, state));
}

/** `applyPayment` inside the caller's transaction. */
export async function applyPaymentIn(
  tx: DbOrTx,
  deps: Omit<SyncDeps, 'db'>,
  state: PaymentState,
): Promise<SyncResult> {
  const user = state.customerId ? await repo.findUserByCustomerId(tx, state.customerId) : undefined;
  if (!user) return { applied: false, reason: 'unknown customer' };
  const subscription = state.subscriptionId
    ? await repo.findSubscriptionByProviderId(tx, state.subscriptionId)
    : undefined;
  await repo.upsertPayment(
    tx,
    {
      userId: user.id,
      subscriptionId: subscription?.userId === user.id ? subscription.id : null,
      amount: state.amount,
      currency: state.currency,
      status: state.status,
      stripePaymentId: state.id,
      paymentMethod: state.paymentMethod,
      receiptUrl: state.receiptUrl,
    },
    deps.clock.now(),
  );
  return { applied: true, userId: user.id };
}

/** The stored row as the provider state it mirrors (for cancel and resume calls). */
export function stateOfRow(row: repo.SubscriptionRow, customerId: string): SubscriptionState {
  return {
    id: row.stripeSubscriptionId ?? '',
    customerId,
    status: row.status,
    // Only test mode reads the price back from this state; Stripe answers with its own.
    priceId: providerOfRow(row) === 'test' ? TEST_PRICE_ID : null,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

export const providerOfRow = (row: repo.SubscriptionRow): 'stripe' | 'test' =>
  (row.metadata as { provider?: string } | null)?.provider === 'test' ? 'test' : 'stripe';
