import { z } from 'zod';
import { volumeEstimateSchema } from '../volume-estimate';
import { planLimitsSchema } from './plans';

export const statsSchema = z.object({
  activeAlerts: z.number().int(),
  todayMentions: z.number().int(),
  repliedCount: z.number().int(),
  monthMentions: z.number().int(),
  /** Matches not stored this month because the plan's monthly mentions were used up. */
  skippedMentions: z.number().int(),
  limits: planLimitsSchema,
  /**
   * With a monthly mention limit only (empty otherwise): each keyword's share of this month's
   * mentions, most first, and its live pace (mentions a day, from its matches this month; null
   * with too few to tell), so the dashboard can say which keyword uses the quota up.
   */
  keywordUsage: z.array(
    z.object({
      alertId: z.number().int(),
      keyword: z.string(),
      monthMentions: z.number().int(),
      perDay: z.number().int().nullable(),
      /** Its pace as the dialog and diagnostic page say it (null before any live match). */
      estimate: volumeEstimateSchema.nullable(),
    }),
  ),
});
export type Stats = z.infer<typeof statsSchema>;

/**
 * A keyword is on course to use the month's quota within a day when even the low end of its
 * pace's range reaches the quota itself: the dashboard warns before the month is gone in a
 * minute, and never on a handful of matches that only might mean that.
 */
export function keywordsOverPace(stats: Stats) {
  const limit = stats.limits.monthlyMentions;
  if (limit === null) return [];
  return stats.keywordUsage.filter(
    (k) => k.estimate !== null && k.estimate.confidence !== 'too-few' && k.estimate.low >= limit,
  );
}
