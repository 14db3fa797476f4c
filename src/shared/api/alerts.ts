import { z } from 'zod';
import { parseQuery, QUERY_LIMITS } from '../query';
import { readSourceName, SOURCE_NAMES, type SourceName } from '../sources';
import { parseSubreddits } from './subreddits';

export const DIGEST_FREQUENCIES = ['realtime', 'email'] as const;
export const digestFrequencySchema = z.enum(DIGEST_FREQUENCIES, {
  error: 'Must be "realtime" (dashboard only) or "email" (dashboard + email)',
});
export type DigestFrequency = z.infer<typeof digestFrequencySchema>;

export const MIN_SCORE_MAX = 1_000_000;

/**
 * "An alert is live": active and not paused. Only live alerts are matched, polled and counted
 * against the plan. `liveAlert` in src/server/db/schema.ts is the same rule in SQL.
 */
export const isLiveAlert = (alert: { isActive: boolean; isPaused: boolean }) =>
  alert.isActive && !alert.isPaused;

/** The keyword is a query of the keyword language; its parse error is the field's message. */
export const keywordSchema = z
  .string({ error: 'Keyword is required' })
  .max(QUERY_LIMITS.maxLength * 4, `Keyword must be at most ${QUERY_LIMITS.maxLength} characters`)
  .transform((value) => value.trim())
  .superRefine((value, ctx) => {
    if (value === '') {
      ctx.addIssue({ code: 'custom', message: 'Keyword is required' });
      return;
    }
    const parsed = parseQuery(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error.message });
  });

/**
 * Comma-separated names in the user's casing ("SaaS,startups"); null means every subreddit.
 * The server also keeps them lower-cased, which is what matching and listings compare.
 */
export const subredditsInputSchema = z
  .union([z.string().max(5_000), z.array(z.string().max(100)).max(500), z.null()], {
    error: 'Subreddits must be a comma-separated list',
  })
  .transform((value, ctx) => {
    const parsed = parseSubreddits(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.labels.length ? parsed.labels.join(',') : null;
  });

export const minScoreSchema = z
  .number({ error: 'Minimum score must be a number' })
  .int('Minimum score must be a whole number')
  .min(1, 'Minimum score must be at least 1')
  .max(MIN_SCORE_MAX, `Minimum score must be at most ${MIN_SCORE_MAX.toLocaleString('en-US')}`);

/** The notification channels (src/shared/api/channels.ts) an alert's new mentions go to. */
export const channelIdsSchema = z
  .array(
    z
      .number({ error: 'Channel ids must be numbers' })
      .int('Channel ids must be whole numbers')
      .positive('Channel ids must be positive'),
    { error: 'Channels must be a list of channel ids' },
  )
  .max(50, 'At most 50 channels per keyword')
  .transform((ids) => [...new Set(ids)]);

/**
 * The sites a keyword listens to: known names (`hn` is Hacker News), at least one, each once,
 * in the canonical order. An unknown name is refused by name.
 */
export const sourcesSchema = z
  .array(z.string({ error: 'Sites must be names' }).max(40), {
    error: `Sites must be a list of ${SOURCE_NAMES.join(', ')}`,
  })
  .max(SOURCE_NAMES.length * 2, 'Too many sites')
  .transform((names, ctx) => {
    const read = new Set<SourceName>();
    for (const name of names) {
      const source = readSourceName(name);
      if (source) {
        read.add(source);
        continue;
      }
      ctx.addIssue({
        code: 'custom',
        message: `Unknown site "${name.slice(0, 40)}": choose from ${SOURCE_NAMES.join(', ')}`,
      });
      return z.NEVER;
    }
    if (read.size === 0) {
      ctx.addIssue({ code: 'custom', message: 'Choose at least one site' });
      return z.NEVER;
    }
    return SOURCE_NAMES.filter((name) => read.has(name));
  });

const alertFields = {
  keyword: keywordSchema,
  subreddits: subredditsInputSchema,
  includeComments: z.boolean({ error: 'Must be true or false' }),
  titlesOnly: z.boolean({ error: 'Must be true or false' }),
  minScore: minScoreSchema,
  digestFrequency: digestFrequencySchema,
  isActive: z.boolean({ error: 'Must be true or false' }),
  isPaused: z.boolean({ error: 'Must be true or false' }),
  channelIds: channelIdsSchema,
  sources: sourcesSchema,
};

/** POST /api/alerts. Unknown keys (id, userId, createdAt...) are dropped, never written. */
export const alertCreateSchema = z.object({
  keyword: alertFields.keyword,
  subreddits: alertFields.subreddits.optional().default(null),
  includeComments: alertFields.includeComments.default(true),
  titlesOnly: alertFields.titlesOnly.default(false),
  minScore: alertFields.minScore.default(1),
  digestFrequency: alertFields.digestFrequency.default('realtime'),
  isActive: alertFields.isActive.default(true),
  isPaused: alertFields.isPaused.default(false),
  /** Absent or []: the dashboard (and email, by digestFrequency) only. */
  channelIds: alertFields.channelIds.default([]),
  /** Absent: every site this server reads, or Reddit alone for a keyword limited to subreddits. */
  sources: alertFields.sources.optional(),
});
export type AlertCreate = z.infer<typeof alertCreateSchema>;
export type AlertCreateInput = z.input<typeof alertCreateSchema>;

/** PUT /api/alerts/{id}: any subset; pause/resume sends the whole alert back. */
export const alertUpdateSchema = z.object(alertFields).partial();
export type AlertUpdate = z.infer<typeof alertUpdateSchema>;

export const alertSchema = z.object({
  id: z.number().int(),
  /** The workspace it belongs to (named userId before teams: a personal workspace's id is its account's). */
  userId: z.number().int(),
  keyword: z.string(),
  subreddits: z.string().nullable(),
  includeComments: z.boolean(),
  titlesOnly: z.boolean(),
  minScore: z.number().int(),
  digestFrequency: digestFrequencySchema,
  isActive: z.boolean(),
  isPaused: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastError: z.string().nullable(),
  lastPolledAt: z.string().nullable(),
  nextPollAt: z.string().nullable(),
  pollPriority: z.number().int(),
  channelIds: z.array(z.number().int()),
  sources: z.array(z.enum(SOURCE_NAMES)),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertListSchema = z.array(alertSchema);

export const alertErrorInfoSchema = z.object({
  id: z.number().int(),
  keyword: z.string(),
  status: z.string(),
  lastError: z.string().nullable(),
});
export type AlertErrorInfo = z.infer<typeof alertErrorInfoSchema>;

/**
 * The keywords written before top-level filters applied to the whole query whose meaning that
 * changed (`filters` now apply to every side of a top-level OR, not to the last one only).
 */
export const filterScopeNoticeSchema = z.object({
  items: z.array(
    z.object({ alertId: z.number().int(), keyword: z.string(), filters: z.array(z.string()) }),
  ),
});
export type FilterScopeNotice = z.infer<typeof filterScopeNoticeSchema>;

/** Route ids: positive integers only ("1.5", "abc", "-1", "1e3" are a 400). */
export const idParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'id must be a positive integer')
    .transform(Number)
    .refine((id) => id <= 2_147_483_647, 'id is out of range'),
});
