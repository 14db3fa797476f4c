import { z } from 'zod';
import { SOURCE_NAMES } from '../sources';

/** The periods the Analytics page and the weekly report cover, in days (DESIGN §9). */
export const ANALYTICS_DAYS = [7, 30, 90] as const;
export type AnalyticsDays = (typeof ANALYTICS_DAYS)[number];

export const analyticsQuerySchema = z
  .object({
    days: z
      .enum(ANALYTICS_DAYS.map(String) as ['7', '30', '90'], { error: 'must be 7, 30 or 90' })
      .transform((days) => Number(days) as AnalyticsDays)
      .default(30),
  })
  .strict();

/** How many communities and authors the top lists name. */
export const ANALYTICS_TOP = 10;

const count = z.number().int().nonnegative();

/**
 * A workspace's mentions over the last `days` local days (today included), by when they were
 * posted, in the user's time zone. Mentions count items: one post matched by two keywords is one,
 * except in `perDay`, which is per keyword (each keyword's share of voice).
 */
export const analyticsSchema = z.object({
  days: z.number().int(),
  timezone: z.string(),
  /** The first and last local day covered (YYYY-MM-DD), today last. */
  from: z.string(),
  to: z.string(),
  /** Mentions per local day and keyword, days without any left out; oldest first. */
  perDay: z.array(
    z.object({ day: z.string(), alertId: z.number().int(), keyword: z.string(), mentions: count }),
  ),
  /** Mentions per site, most first. */
  bySource: z.array(z.object({ source: z.enum(SOURCE_NAMES), mentions: count })),
  /** The communities (subreddits, Lobsters tags) with most mentions, most first. */
  topCommunities: z.array(
    z.object({ source: z.enum(SOURCE_NAMES), community: z.string(), mentions: count }),
  ),
  /** The authors with most mentions, most first. */
  topAuthors: z.array(
    z.object({ source: z.enum(SOURCE_NAMES), author: z.string(), mentions: count }),
  ),
  /** All mentions in the period, and those marked replied (by hand or seen). */
  mentions: count,
  replied: count,
  /** replied ÷ mentions, 0 to 1 (0 without mentions). */
  replyRate: z.number().min(0).max(1),
  /** Median minutes from a post to the team's first reply to it; null with no reply. */
  medianMinutesToReply: z.number().nullable(),
  /** The replies Earshot saw (DESIGN §9) and what they earned as last read. */
  detectedReplies: count,
  /** Their summed score (points, likes). */
  replyScore: z.number().int(),
  /** The comments they drew, summed. */
  replyReplies: count,
});
export type Analytics = z.infer<typeof analyticsSchema>;
