import { z } from 'zod';
import { keywordSchema, subredditsInputSchema } from './alerts';

/** POST /api/alerts/preview: the keyword dialog's fields that decide what matches. */
export const previewRequestSchema = z.object({
  keyword: keywordSchema,
  subreddits: subredditsInputSchema.optional().default(null),
  includeComments: z.boolean({ error: 'Must be true or false' }).default(true),
  titlesOnly: z.boolean({ error: 'Must be true or false' }).default(false),
});
export type PreviewRequest = z.input<typeof previewRequestSchema>;

export const previewExampleSchema = z.object({
  kind: z.enum(['post', 'comment']),
  subreddit: z.string(),
  /** A post's title; for a comment, its post's. */
  title: z.string(),
  permalink: z.string(),
  seenAt: z.string(),
});
export type PreviewExample = z.infer<typeof previewExampleSchema>;

export const previewSchema = z.object({
  /**
   * `window`: the items Earshot read lately were searched. `unavailable`: this process reads
   * no Reddit items (a web-only instance, or monitoring is off).
   */
  basis: z.enum(['window', 'unavailable']),
  /** Matches found, among how many items, read over how many minutes. */
  matches: z.number().int(),
  items: z.number().int(),
  minutes: z.number(),
  /** The matches scaled to a day; null until Earshot has read for a few minutes. */
  perDay: z.number().nullable(),
  /** False when the search stopped at its time budget before the oldest items. */
  complete: z.boolean(),
  examples: z.array(previewExampleSchema),
});
export type Preview = z.infer<typeof previewSchema>;
