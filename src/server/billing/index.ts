// The billing area: plans and their limits, the monthly mentions quota, subscriptions, payment
// providers and their webhooks.
export { createBillingJobs, type BillingJobName } from './jobs';
export { planRoutes } from './plans/routes';
export { limitsForWorkspace, lockWorkspacePlan } from './plans/service';
export { admitWithinMonthlyQuota, quotaMonthStart, recordQuotaSkips } from './quota/monthly-quota';
export { createPaymentProvider, type PaymentProvider } from './providers';
export { stripeWebhookRoutes, subscriptionRoutes } from './subscriptions/routes';
export { createSubscriptionService, type SubscriptionService } from './subscriptions/service';
export { createTestCheckoutService } from './subscriptions/test-checkout';
export { testCheckoutRoutes } from './subscriptions/test-checkout-routes';
