import type { Stats } from '@shared/api/stats';

/** DESIGN §2: a plan with a monthly mention limit (Free) has reached it; null means unlimited. */
export function isMonthlyQuotaReached(stats: Pick<Stats, 'monthMentions' | 'limits'>): boolean {
  const limit = stats.limits.monthlyMentions;
  return limit !== null && stats.monthMentions >= limit;
}
