import { and, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  alerts,
  billingEvents,
  payments,
  planPausedAlerts,
  subscriptionPlans,
  subscriptions,
  testCheckoutSessions,
  users,
} from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type TestCheckoutRow = typeof testCheckoutSessions.$inferSelect;

/** Stripe statuses that keep a user on the paid plan (past_due: Stripe is still retrying). */
export const ENTITLED_STATUSES = ['active', 'trialing', 'past_due'];

/** The user row, locked until the transaction ends: billing changes of one user queue here. */
export async function lockUser(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function findUser(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function findUserByCustomerId(db: DbOrTx, customerId: string) {
  const [row] = await db.select().from(users).where(eq(users.customerId, customerId));
  return row;
}

export async function setCustomerId(db: DbOrTx, userId: number, customerId: string) {
  await db.update(users).set({ customerId }).where(eq(users.id, userId));
}

export async function setPlanType(db: DbOrTx, userId: number, planType: 'free' | 'pro') {
  await db.update(users).set({ planType }).where(eq(users.id, userId));
}

export async function findActivePlan(db: DbOrTx, planId: number) {
  const [row] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.id, planId), eq(subscriptionPlans.isActive, true)));
  return row;
}

export function listPlans(db: DbOrTx) {
  return db.select().from(subscriptionPlans);
}

export async function findSubscriptionByProviderId(db: DbOrTx, providerId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, providerId));
  return row;
}

/** The newest subscription that entitles the user to its plan, with the plan. */
export async function findEntitledSubscription(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ENTITLED_STATUSES)))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row;
}

export type SubscriptionValues = Pick<
  typeof subscriptions.$inferInsert,
  | 'userId'
  | 'planId'
  | 'status'
  | 'currentPeriodStart'
  | 'currentPeriodEnd'
  | 'cancelAtPeriodEnd'
  | 'stripeSubscriptionId'
  | 'metadata'
>;

/** Writes the provider's current state of one subscription (keyed by its provider id). */
export async function upsertSubscription(db: DbOrTx, values: SubscriptionValues, now: Date) {
  const [row] = await db
    .insert(subscriptions)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: subscriptions.stripeSubscriptionId,
      set: {
        planId: values.planId,
        status: values.status,
        currentPeriodStart: values.currentPeriodStart,
        currentPeriodEnd: values.currentPeriodEnd,
        cancelAtPeriodEnd: values.cancelAtPeriodEnd,
        updatedAt: now,
      },
    })
    .returning();
  return row;
}

export type PaymentValues = Pick<
  typeof payments.$inferInsert,
  | 'userId'
  | 'subscriptionId'
  | 'amount'
  | 'currency'
  | 'status'
  | 'stripePaymentId'
  | 'paymentMethod'
  | 'receiptUrl'
>;

/** One row per provider payment (invoice): a failed attempt later paid becomes succeeded. */
export async function upsertPayment(db: DbOrTx, values: PaymentValues, now: Date) {
  const [row] = await db
    .insert(payments)
    .values({ ...values, createdAt: now })
    .onConflictDoUpdate({
      target: payments.stripePaymentId,
      set: {
        amount: values.amount,
        currency: values.currency,
        status: values.status,
        paymentMethod: sql`coalesce(excluded.payment_method, ${payments.paymentMethod})`,
        receiptUrl: sql`coalesce(excluded.receipt_url, ${payments.receiptUrl})`,
        subscriptionId: sql`coalesce(excluded.subscription_id, ${payments.subscriptionId})`,
      },
    })
    .returning();
  return row;
}

export function listPayments(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** True when this event id was seen before. */
export async function hasEvent(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(eq(billingEvents.id, id));
  return Boolean(row);
}

export async function recordEvent(db: DbOrTx, id: string, type: string, now: Date) {
  await db.insert(billingEvents).values({ id, type, receivedAt: now }).onConflictDoNothing();
}

// A plan is its account's and its personal workspace's (decision 031): the alerts a downgrade
// pauses and an upgrade resumes are that workspace's, whose id is the account's.
/** Live alerts (active and not paused), most recently updated first. */
export function listLiveAlerts(db: DbOrTx, userId: number) {
  return db
    .select({ id: alerts.id })
    .from(alerts)
    .where(
      and(eq(alerts.workspaceId, userId), eq(alerts.isActive, true), eq(alerts.isPaused, false)),
    )
    .orderBy(desc(alerts.updatedAt), desc(alerts.id));
}

/**
 * Pauses the given alerts the way the user would (is_active = false), without touching
 * updated_at, and remembers them as paused by the plan.
 */
export async function pauseAlertsForPlan(db: DbOrTx, userId: number, ids: number[], now: Date) {
  if (ids.length === 0) return;
  await db
    .update(alerts)
    .set({ isActive: false })
    .where(and(eq(alerts.workspaceId, userId), inArray(alerts.id, ids)));
  await db
    .insert(planPausedAlerts)
    .values(ids.map((alertId) => ({ alertId, workspaceId: userId, pausedAt: now })))
    .onConflictDoUpdate({ target: planPausedAlerts.alertId, set: { pausedAt: now } });
}

/** Alerts still paused by a downgrade and untouched by the user since. */
export function listPlanPausedAlerts(db: DbOrTx, userId: number) {
  return db
    .select({ id: alerts.id, keyword: alerts.keyword, pausedAt: planPausedAlerts.pausedAt })
    .from(planPausedAlerts)
    .innerJoin(alerts, eq(alerts.id, planPausedAlerts.alertId))
    .where(
      and(
        eq(planPausedAlerts.workspaceId, userId),
        eq(alerts.isActive, false),
        lt(alerts.updatedAt, planPausedAlerts.pausedAt),
      ),
    )
    .orderBy(desc(alerts.updatedAt), desc(alerts.id));
}

export async function resumeAlerts(db: DbOrTx, userId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(alerts)
    .set({ isActive: true })
    .where(and(eq(alerts.workspaceId, userId), inArray(alerts.id, ids)));
}

export async function forgetPlanPausedAlerts(db: DbOrTx, userId: number) {
  await db.delete(planPausedAlerts).where(eq(planPausedAlerts.workspaceId, userId));
}

export async function findOwnedTestCheckout(db: DbOrTx, userId: number, id: string) {
  const [row] = await db
    .select({ session: testCheckoutSessions, plan: subscriptionPlans })
    .from(testCheckoutSessions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, testCheckoutSessions.planId))
    .where(and(eq(testCheckoutSessions.id, id), eq(testCheckoutSessions.userId, userId)));
  return row;
}

/** Moves an open session to `status`; false when it was no longer open (paid twice, say). */
export async function closeTestCheckout(db: DbOrTx, id: string, status: 'paid' | 'canceled') {
  const rows = await db
    .update(testCheckoutSessions)
    .set({ status })
    .where(and(eq(testCheckoutSessions.id, id), eq(testCheckoutSessions.status, 'open')))
    .returning({ id: testCheckoutSessions.id });
  return rows.length > 0;
}

/** Test-mode subscriptions whose period has ended (the renewal job's work list). */
export function listDueTestSubscriptions(db: DbOrTx, now: Date) {
  return db
    .select({ subscription: subscriptions, plan: subscriptionPlans, user: users })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        sql`${subscriptions.metadata}->>'provider' = 'test'`,
        inArray(subscriptions.status, ENTITLED_STATUSES),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    );
}
