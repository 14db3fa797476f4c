import { z } from 'zod';
import { readSourceName, SOURCE_NAMES } from '../sources';
import { mentionPersonSchema } from './workspaces';

/** One matching post or comment, as lists, the dashboard and CSV export show it. */
export const mentionSchema = z.object({
  id: z.number().int(),
  alertId: z.number().int(),
  /** The alert's keyword (its query), for highlighting and the keyword filter. */
  keyword: z.string(),
  /**
   * Every keyword of the user's that matched this item, `keyword` among them: an item matched
   * by several is stored for each but listed once (decision 025).
   */
  keywords: z.array(z.string()),
  /** The site it is from (DESIGN.md §6). */
  source: z.enum(SOURCE_NAMES),
  /** The subreddit on Reddit; "" elsewhere. */
  subreddit: z.string(),
  /** Where on its site: the subreddit, a Lobsters story's first tag ("rust"); "" where there is none. */
  community: z.string(),
  /** The post's title; for a comment, the title of the post it belongs to. */
  title: z.string(),
  body: z.string(),
  permalink: z.string(),
  author: z.string(),
  score: z.number().int(),
  commentCount: z.number().int(),
  isComment: z.boolean(),
  redditCreatedAt: z.string(),
  createdAt: z.string(),
  matchedKeyword: z.string(),
  isRead: z.boolean(),
  hasReplied: z.boolean(),
  /** The member who marked it replied (DESIGN §8); null when not replied. */
  repliedBy: mentionPersonSchema.nullable(),
  /** When it was marked replied; null when not replied. */
  repliedAt: z.string().nullable(),
  /** The member it is handed to; null when nobody is. */
  assignedTo: mentionPersonSchema.nullable(),
  /**
   * A member's reply in its thread, seen by Earshot as it read the site (DESIGN §9): its link
   * and time, its score and replies as last read (null where the site gives none). Null: none
   * seen (a reply marked by hand has none).
   */
  reply: z
    .object({
      permalink: z.string(),
      createdAt: z.string(),
      score: z.number().int().nullable(),
      replies: z.number().int().nullable(),
      detected: z.literal(true),
      /** When a re-check found the reply deleted or removed (it stays recorded); null while up. */
      removedAt: z.string().nullable(),
    })
    .nullable(),
  /** Found by the alert's 7-day backfill search rather than as it was posted. */
  isBackfilled: z.boolean(),
  /** When a re-check found the item deleted or removed on Reddit; null while it is up. */
  removedAt: z.string().nullable(),
  /** Hidden as likely not relevant by its keyword's filter (listed only when asked for). */
  hidden: z.boolean(),
  /** The user's thumbs on it: the labels its keyword's relevance filter learns from. */
  feedback: z.enum(['relevant', 'irrelevant']).nullable(),
});
export type Mention = z.infer<typeof mentionSchema>;

export const mentionPageSchema = z.object({
  items: z.array(mentionSchema),
  /** Pass back as `cursor` for the next page; null at the end of the list. */
  nextCursor: z.string().nullable(),
});
export type MentionPage = z.infer<typeof mentionPageSchema>;

export const MENTION_PAGE_LIMIT = { default: 50, max: 200 } as const;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'is not a calendar date');

const positiveId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive integer')
  .transform(Number)
  .refine((id) => id <= 2_147_483_647, 'is out of range');

/** The filters of the list and of the CSV export (query-string values, hence strings). */
export const mentionFiltersSchema = z.object({
  alertId: positiveId.optional(),
  /** Case-insensitive substring of the subreddit name; "r/" in front is ignored. */
  subreddit: z
    .string()
    .max(100, 'must be at most 100 characters')
    .transform((value) => value.trim().replace(/^\/?r\//i, ''))
    .optional(),
  /** One site's mentions (`hn` is Hacker News). */
  source: z
    .string()
    .max(40, 'must be a site name')
    .transform((value, ctx) => {
      const source = readSourceName(value);
      if (source) return source;
      ctx.addIssue({
        code: 'custom',
        message: `must be one of ${SOURCE_NAMES.join(', ')} ("${value}" is not a site)`,
      });
      return z.NEVER;
    })
    .optional(),
  replied: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  /** Whose mentions: a member's user id, `me` or `none` (unassigned). */
  assignee: z
    .union([z.enum(['me', 'none']), positiveId], {
      error: "must be a member's user id, me or none",
    })
    .optional(),
  /** Mentions from this day on (Reddit time), the day taken in the user's timezone. */
  since: isoDay.optional(),
  /**
   * Mentions hidden as likely not relevant (decision 014) are left out unless `include`d;
   * `only` lists just those.
   */
  hidden: z.enum(['include', 'only'], { error: 'must be include or only' }).optional(),
});
export type MentionFilters = z.input<typeof mentionFiltersSchema>;
export type ParsedMentionFilters = z.output<typeof mentionFiltersSchema>;

export const mentionListQuerySchema = mentionFiltersSchema.extend({
  cursor: z.string().max(200, 'is not a cursor this server issued').optional(),
  limit: z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= 1 && n <= MENTION_PAGE_LIMIT.max, {
      message: `must be between 1 and ${MENTION_PAGE_LIMIT.max}`,
    })
    .optional(),
});

export const mentionIdParamSchema = z.object({ id: positiveId });

export const repliedBodySchema = z.object({
  hasReplied: z.boolean({ error: 'hasReplied must be true or false' }),
});
export type RepliedBody = z.infer<typeof repliedBodySchema>;

export const ACTIVITY_DAYS = { default: 30, max: 90 } as const;

export const activityQuerySchema = z.object({
  days: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= 1 && n <= ACTIVITY_DAYS.max, {
      message: `must be between 1 and ${ACTIVITY_DAYS.max}`,
    })
    .optional(),
});

/** Mentions found per local day and alert: `counts[i]` belongs to `days[i]`. */
export const activitySchema = z.object({
  timezone: z.string(),
  /** Local calendar days, oldest first, today last (YYYY-MM-DD). */
  days: z.array(z.string()),
  series: z.array(
    z.object({
      alertId: z.number().int(),
      keyword: z.string(),
      counts: z.array(z.number().int()),
    }),
  ),
});
export type Activity = z.infer<typeof activitySchema>;

/** The query string the list, the export link and the page URL share (unset filters left out). */
export function mentionFiltersToSearch(
  filters: Record<string, string | undefined>,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}
