import { planLimitsSchema, type PlanLimits } from './api/plans';

/**
 * The built-in Free and Pro plans: the one copy of their names, prices, limits and feature lists
 * outside the database. The `subscription_plans` rows (seeded by migration 0001) are the truth;
 * this module is what the server falls back to when a row is missing or damaged and what the web
 * shows when the plans call fails; see docs/product.md §2 (Plans and limits). A test keeps the
 * two equal.
 */
export interface BuiltinPlan {
  name: 'Free' | 'Pro';
  description: string;
  price: number;
  interval: 'month';
  features: string[];
  limits: PlanLimits;
}

export const BUILTIN_FREE_PLAN: BuiltinPlan = {
  name: 'Free',
  description: 'For trying Earshot on a few keywords',
  price: 0,
  interval: 'month',
  features: [
    'Up to 3 keywords',
    '50 alerts per month',
    'Dashboard and email notifications',
    'Subreddit filtering',
  ],
  limits: { activeKeywords: 3, monthlyMentions: 50, seats: 1 },
};

export const BUILTIN_PRO_PLAN: BuiltinPlan = {
  name: 'Pro',
  description: 'For teams that live on Reddit',
  price: 1499,
  interval: 'month',
  features: [
    'Unlimited keywords and alerts',
    'Email alerts',
    'Subreddit filtering',
    'Advanced analytics',
    'Priority support',
    'Custom filters',
    'Team workspace with 5 seats',
  ],
  limits: { activeKeywords: null, monthlyMentions: null, seats: 5 },
};

export const BUILTIN_PLANS = [BUILTIN_FREE_PLAN, BUILTIN_PRO_PLAN] as const;

/** A user counts as Pro when the plan name is Pro: docs/product.md §2 (Plans and limits). */
export const isProPlanName = (name: string) => name.trim().toLowerCase() === 'pro';

/**
 * A plan's limits as stored in its row, or Free's when the row is missing or its JSON damaged:
 * the server fails closed. The one reading of plan limits, on the server and in the web app.
 */
export function limitsOrFree(limits: unknown): PlanLimits {
  const parsed = planLimitsSchema.safeParse(limits);
  return parsed.success ? parsed.data : BUILTIN_FREE_PLAN.limits;
}

/** Whether `used` mentions this month reach the plan's monthly limit (null: unlimited). */
export function isMonthlyQuotaReached(limits: PlanLimits, used: number): boolean {
  return limits.monthlyMentions !== null && used >= limits.monthlyMentions;
}
