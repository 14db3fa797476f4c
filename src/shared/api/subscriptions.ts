import { z } from 'zod';

/** GET /api/subscriptions/current: the subscription that makes the user Pro, or null on Free. */
export const currentSubscriptionSchema = z
  .object({
    id: z.number().int(),
    plan: z.object({ id: z.number().int(), name: z.string() }),
    status: z.string(),
    /** The subscription's id at the payment provider (Stripe `sub_…`, test mode `test_sub_…`). */
    stripeSubscriptionId: z.string().nullable(),
    provider: z.enum(['stripe', 'test']),
    currentPeriodStart: z.iso.datetime().nullable(),
    currentPeriodEnd: z.iso.datetime().nullable(),
    cancelAtPeriodEnd: z.boolean(),
  })
  .nullable();
export type CurrentSubscription = z.infer<typeof currentSubscriptionSchema>;

export const paymentSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  paymentMethod: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentListSchema = z.array(paymentSchema);

/** Return URLs must be on the app's own origin (checked by the server against APP_URL). */
export const checkoutBodySchema = z.object({
  planId: z
    .number({ error: 'planId must be a number' })
    .int()
    .positive()
    .max(2_147_483_647, 'planId is out of range'),
  successUrl: z.string().max(2000).optional(),
  cancelUrl: z.string().max(2000).optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;
export const checkoutResponseSchema = z.object({ url: z.string() });

export const cancelBodySchema = z.object({
  immediate: z.boolean({ error: 'immediate must be true or false' }).default(false),
});
export type CancelBody = z.infer<typeof cancelBodySchema>;

/** Alerts a downgrade to Free paused, named by the dashboard notice until dismissed or resumed. */
export const pausedAlertsSchema = z.object({
  alerts: z.array(z.object({ id: z.number().int(), keyword: z.string() })),
  pausedAt: z.iso.datetime().nullable(),
});
export type PausedAlerts = z.infer<typeof pausedAlertsSchema>;

/** The test-mode checkout page (no payment provider configured). */
export const testCheckoutSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'paid', 'canceled', 'expired']),
  plan: z.object({ name: z.string(), price: z.number().int(), interval: z.string() }),
  email: z.string(),
  cancelUrl: z.string(),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;
export const testCheckoutResultSchema = z.object({ url: z.string() });

export const checkoutIdParamSchema = z.object({
  id: z.string().regex(/^tcs_[A-Za-z0-9_-]{10,64}$/, 'Unknown checkout session'),
});

/** The card label of test-mode payments (no real card exists). */
export const TEST_CARD_LABEL = 'Test card •••• 4242';
