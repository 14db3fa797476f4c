import { z } from 'zod';
import { SOURCE_NAMES } from '../sources';

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
  /**
   * How far behind its cursor the listing's latest read started, where Reddit inserts late
   * items (an approval shown a few dozen below the newest): in items, and the seconds they span
   * at the listing's rate; null before its first such read.
   */
  lateCheckedBackItems: z.number().int().nullable(),
  lateCheckedBackSeconds: z.number().nullable(),
  /** Items of the last 24 h by the read that caught them first: the live read, the re-read
   * behind the cursor that finds late items (`reread`), or, for r/all/new, the enumeration of
   * post ids that no listing showed (`byId`). */
  caught24h: z.object({
    live: z.number().int(),
    reread: z.number().int(),
    byId: z.number().int(),
  }),
});
export type ListingStatus = z.infer<typeof listingStatusSchema>;

/**
 * How one site beyond Reddit's listings is read (DESIGN.md §6): `state` is `ok`, `starting`
 * (no read yet), `failing` (the last read failed; `lastError` says why) or `off` (not in
 * SOURCES). `lag`: seconds the newest item read is behind the site's newest, null before a read.
 * `caught24h`: the user's mentions from the site stored in the last 24 h.
 */
export const sourceStatusSchema = z.object({
  source: z.enum(SOURCE_NAMES),
  state: z.enum(['ok', 'starting', 'failing', 'off']),
  lastReadAt: z.string().nullable(),
  lag: z.number().nullable(),
  caught24h: z.number().int(),
  lastError: z.string().nullable(),
  /** Items passed over as unreadable (bad JSON, oversize frames) in the last 24 h. */
  skipped24h: z.number().int(),
});
export type SourceStatus = z.infer<typeof sourceStatusSchema>;

/** GET /api/ingestion/status: is monitoring healthy, and if not, exactly what is wrong. */
export const ingestionStatusSchema = z.object({
  mode: redditModeSchema,
  checkedAt: z.string(),
  /** Limited mode: one feed request per this many seconds (REDDIT_RSS_SECONDS); else null. */
  feedSeconds: z.number().int().nullable(),
  /** Limited mode: the feeds are read with the private feed token (REDDIT_FEED_TOKEN). */
  feedToken: z.boolean(),
  /** Limited mode: the user's live site-wide alerts, stored but not monitored. */
  siteWideUnmonitored: z.number().int(),
  listings: z.array(listingStatusSchema),
  /** Every site, Reddit first (its detail is in the fields above). */
  sources: z.array(sourceStatusSchema),
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
  /** The post-id enumeration behind r/all/new's cursor (null while it does not run): what it
   * costs and finds. */
  postIds: z
    .object({
      requestsLastHour: z.number().int(),
      found24h: z.number().int(),
      /** Ids passed over in the last 24 h as unused (gaps in Reddit's sequence) or too old. */
      passedOver24h: z.number().int(),
      /** Ids between the enumeration's position and the cursor, not yet asked for. */
      behindIds: z.number().int(),
    })
    .nullable(),
});
export type IngestionStatus = z.infer<typeof ingestionStatusSchema>;

/** GET /api/reddit-access: how Earshot reaches Reddit, for the alert dialog's notices. */
export const redditAccessSchema = z.object({
  mode: redditModeSchema,
  feedSeconds: z.number().int().nullable(),
});
export type RedditAccess = z.infer<typeof redditAccessSchema>;

/** What limited mode cannot do, in the words users see (dashboard, alert dialog, status). */
export const SITE_WIDE_NEEDS_CREDENTIALS =
  'Site-wide monitoring needs Reddit API credentials — see the README';
export const FEED_SCORES_UNKNOWN =
  'Without Reddit API credentials Earshot reads public feeds, which carry no scores: a minimum score above 1 cannot be applied, and every match is shown.';
