import { z } from 'zod';
import { volumeEstimateSchema } from '../volume-estimate';
import { SOURCE_NAMES } from '../sources';
import { keywordSchema, sourcesSchema, subredditsInputSchema } from './alerts';

/** POST /api/alerts/preview: the keyword dialog's fields that decide what matches. */
export const previewRequestSchema = z.object({
  keyword: keywordSchema,
  subreddits: subredditsInputSchema.optional().default(null),
  includeComments: z.boolean({ error: 'Must be true or false' }).default(true),
  titlesOnly: z.boolean({ error: 'Must be true or false' }).default(false),
  /** The sites the keyword would hear; absent: every site. */
  sources: sourcesSchema.optional(),
});
export type PreviewRequest = z.input<typeof previewRequestSchema>;

export const previewExampleSchema = z.object({
  kind: z.enum(['post', 'comment']),
  source: z.enum(SOURCE_NAMES),
  /** Where it was posted, as a card names it ("r/SaaS", "Hacker News", "Bluesky · @a.b"). */
  place: z.string(),
  subreddit: z.string(),
  /** A post's title; for a comment, its post's. */
  title: z.string(),
  permalink: z.string(),
  seenAt: z.string(),
});
export type PreviewExample = z.infer<typeof previewExampleSchema>;

export const previewSchema = z.object({
  /**
   * `window`: the items Earshot read lately were searched. `week`: only Reddit's search of the
   * past week (this process reads no items itself: a web-only instance). `unavailable`: neither.
   */
  basis: z.enum(['window', 'week', 'unavailable']),
  /** Matches found, among how many items, read over how many minutes. */
  matches: z.number().int(),
  items: z.number().int(),
  minutes: z.number(),
  /** The matches scaled to a day; null until Earshot has read for a few minutes. */
  perDay: z.number().nullable(),
  /**
   * What the dialog and the diagnostic page say: from the last hour or from the week's
   * search, whichever counted more matches; null with neither (see volume-estimate.ts).
   */
  estimate: volumeEstimateSchema.nullable(),
  /** False when the search stopped at its time budget before the oldest items. */
  complete: z.boolean(),
  examples: z.array(previewExampleSchema),
  /**
   * Reddit's own search over the past week (one request, at most 100 results), re-checked with
   * the matcher; null without Reddit credentials, when this user searched a lot in the last
   * minute, or when Reddit did not answer. `capped`: Reddit returned its 100, so `perDay` comes
   * from the time those 100 span, not from the week.
   */
  week: z
    .object({
      matches: z.number().int(),
      capped: z.boolean(),
      perDay: z.number().nullable(),
    })
    .nullable(),
});
export type Preview = z.infer<typeof previewSchema>;
