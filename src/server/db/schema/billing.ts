/** Plans, subscriptions and payments. */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { alerts, users, workspaces } from './core';

export const subscriptionPlans = pgTable('subscription_plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  price: integer('price').notNull(),
  interval: text('interval').notNull().default('month'),
  features: jsonb('features').notNull().default([]),
  // { activeKeywords, monthlyMentions }; null = unlimited.
  // See docs/product.md §2 (Plans and limits) and docs/decisions/003-plan-limits-as-data.md.
  limits: jsonb('limits').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  stripePriceId: text('stripe_price_id'),
  createdAt: createdAt(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'restrict' }),
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    metadata: jsonb('metadata'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_id_idx').on(t.userId)],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    // Kept when the account is deleted (bookkeeping), with the user reference cleared.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull(),
    stripePaymentId: text('stripe_payment_id').unique(),
    paymentMethod: text('payment_method'),
    receiptUrl: text('receipt_url'),
    createdAt: createdAt(),
  },
  (t) => [index('payments_user_id_idx').on(t.userId)],
);

/**
 * Payment-provider events already applied (Stripe webhook ids, test-mode event ids): a replayed
 * or duplicated delivery is acknowledged without being applied twice.
 */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

/** Checkout sessions of the built-in test mode (no payment provider configured). */
export const testCheckoutSessions = pgTable(
  'test_checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'restrict' }),
    // open → paid | canceled | expired
    status: text('status').notNull().default('open'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('test_checkout_sessions_user_id_idx').on(t.userId)],
);

/**
 * Alerts a downgrade to Free paused (alerts.is_active = false). The dashboard names them while
 * they stay paused and untouched since (updated_at < paused_at); a new upgrade resumes them.
 */
export const planPausedAlerts = pgTable(
  'plan_paused_alerts',
  {
    alertId: integer('alert_id')
      .primaryKey()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    pausedAt: timestamp('paused_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('plan_paused_alerts_user_id_idx').on(t.workspaceId)],
);
