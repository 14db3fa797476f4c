// What the app and other features may use of billing (plans, subscription, payments).
export { usePausedAlertsNotice } from './components/paused-alerts-notice';
export { PlanCard } from './components/plan-card';
export { PlanCardSkeleton } from './components/plan-card-skeleton';
export { PricingFaq } from './components/pricing-faq';
export { Receipt } from './components/receipt';
export { SubscriptionOverview } from './components/subscription-overview';
export { TestCheckout } from './components/test-checkout';
export { TestModeBanner } from './components/test-mode-banner';
export { useCheckoutReturn } from './use-checkout-return';
export { usePlanPair } from './use-plan-pair';
export { useStartCheckout } from './use-start-checkout';
