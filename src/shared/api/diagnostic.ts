import { z } from 'zod';
import { listingStatusSchema, redditModeSchema } from './ingestion';

/** POST /api/test-reddit-api: the alert to test; see docs/product.md §6 (API conventions). */
export const testRedditApiBodySchema = z.object({
  alertId: z
    .number({ error: 'alertId must be a number' })
    .int('alertId must be a whole number')
    .positive('alertId must be positive')
    .max(2_147_483_647, 'alertId is out of range'),
});

export const testRedditApiResultSchema = z.object({
  success: z.boolean(),
  /** Posts of the past week Reddit's search found that the alert's query matches. */
  mentionsFound: z.number().int(),
  error: z.string().nullable(),
});
export type TestRedditApiResult = z.infer<typeof testRedditApiResultSchema>;

/** GET /api/alerts/{id}/monitoring: what a user needs to trust or debug one alert. */
export const alertMonitoringSchema = z.object({
  mode: redditModeSchema,
  /** Why this alert is not monitored at all, if it is not (paused, limited mode...). */
  notice: z.string().nullable(),
  listings: z.array(listingStatusSchema),
  gaps: z.array(
    z.object({
      listingId: z.number().int(),
      detectedAt: z.string(),
      fromTime: z.string(),
      toTime: z.string(),
      estimatedItems: z.number().int(),
      reason: z.string(),
    }),
  ),
  backfill: z
    .object({
      status: z.string(),
      stored: z.number().int(),
      /** Found but not stored: the month's mentions were used up. */
      overQuota: z.number().int(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      finishedAt: z.string().nullable(),
    })
    .nullable(),
  /** Matches waiting for their score to reach the alert's minimum. */
  scoreCandidates: z.number().int(),
});
export type AlertMonitoring = z.infer<typeof alertMonitoringSchema>;
