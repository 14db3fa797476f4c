import { z } from 'zod';

/** How Earshot reaches Reddit: OAuth credentials, none, or switched off (REDDIT_ENABLED=false). */
export const redditModeSchema = z.enum(['oauth', 'no-credentials', 'disabled']);
export type RedditMode = z.infer<typeof redditModeSchema>;

const gapSummarySchema = z.object({
  count: z.number().int(),
  estimatedItems: z.number().int(),
});

export const listingStatusSchema = z.object({
  id: z.number().int(),
  scope: z.enum(['all', 'subreddits']),
  kind: z.enum(['posts', 'comments']),
  /** For a subreddit listing, the signed-in user's subreddits in it (others' stay private). */
  subreddits: z.array(z.string()),
  intervalSeconds: z.number(),
  itemsPerMinute: z.number(),
  /** Children Reddit sent that could not be read (skipped, the rest of their page stored). */
  itemsSkipped: z.number().int(),
  lastSuccessAt: z.string().nullable(),
  nextPollAt: z.string().nullable(),
  lastError: z.string().nullable(),
  errorSince: z.string().nullable(),
  gaps24h: gapSummarySchema,
});
export type ListingStatus = z.infer<typeof listingStatusSchema>;

/** GET /api/ingestion/status: is monitoring healthy, and if not, exactly what is wrong. */
export const ingestionStatusSchema = z.object({
  mode: redditModeSchema,
  checkedAt: z.string(),
  listings: z.array(listingStatusSchema),
  /** Subreddits of the user's alerts that Reddit refuses (403) or does not know (404). */
  inaccessibleSubreddits: z.array(
    z.object({ name: z.string(), access: z.enum(['forbidden', 'not-found']) }),
  ),
  client: z.object({
    lastSuccessAt: z.string().nullable(),
    lastError: z.string().nullable(),
    /** auth, unreachable, timeout, rate-limited, server, malformed, ... */
    lastErrorKind: z.string().nullable(),
    errorSince: z.string().nullable(),
  }),
  budget: z
    .object({
      used: z.number().int(),
      limit: z.number().int(),
      resetAt: z.string(),
      sentLastMinute: z.number().int(),
    })
    .nullable(),
  gapsToday: gapSummarySchema,
});
export type IngestionStatus = z.infer<typeof ingestionStatusSchema>;
