import type { Plan } from '@shared/api/plans';

/**
 * Shown when the plans call fails (spec §2 Pricing, §9), with DESIGN.md §2's numbers:
 * Free is 3 keywords and 50 alerts a month, Pro is 14.99 USD a month and unlimited.
 */
export const FALLBACK_FREE_PLAN: Plan = {
  id: 0,
  name: 'Free',
  description: 'Up to 3 keywords, 50 alerts per month, dashboard and email notifications',
  price: 0,
  interval: 'month',
  features: ['Up to 3 keywords', '50 alerts per month', 'Dashboard and email notifications'],
  limits: { activeKeywords: 3, monthlyMentions: 50 },
  isActive: true,
};

export const FALLBACK_PRO_PLAN: Plan = {
  id: 0,
  name: 'Pro',
  description: 'For people and teams who live in Reddit conversations',
  price: 1499,
  interval: 'month',
  features: [
    'Unlimited keywords and alerts',
    'Email alerts',
    'Subreddit filtering',
    'Advanced analytics',
    'Priority support',
    'Custom filters',
  ],
  limits: { activeKeywords: null, monthlyMentions: null },
  isActive: true,
};
