import { z } from 'zod';

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Whether the runtime knows this IANA timezone (the server's and the browser's Intl agree). */
export function isKnownTimezone(timezone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return timezone.length > 0;
  } catch {
    return false;
  }
}

/** `instant`: every few minutes (INSTANT_EMAIL_MINUTES) with what is new, nothing otherwise. */
export const digestScheduleFrequencySchema = z.enum(['instant', 'daily', 'weekly'], {
  error: 'Frequency must be instant, daily or weekly',
});

/** Digest settings, docs/product.md §7 (Email digests): what PUT /api/digest-config accepts. */
export const digestConfigUpdateSchema = z.object({
  frequency: digestScheduleFrequencySchema,
  time: z
    .string({ error: 'Time is required' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM in 24-hour format'),
  timezone: z
    .string({ error: 'Timezone is required' })
    .max(64, 'Timezone is not a known IANA timezone')
    .refine(isKnownTimezone, 'Timezone is not a known IANA timezone (for example Europe/Paris)'),
  weekday: z
    .number({ error: 'Weekday must be a number from 0 (Sunday) to 6 (Saturday)' })
    .int()
    .min(0, 'Weekday must be from 0 (Sunday) to 6 (Saturday)')
    .max(6, 'Weekday must be from 0 (Sunday) to 6 (Saturday)')
    .default(1),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});
export type DigestConfigUpdate = z.infer<typeof digestConfigUpdateSchema>;
export type DigestConfigUpdateInput = z.input<typeof digestConfigUpdateSchema>;

/**
 * PUT /api/digest-config/weekly-report: the weekly report on or off (decision 035). Its own call,
 * not a field of PUT /api/digest-config: saving the digest settings moves the digest's next slot,
 * and a switch that saves at once must not.
 */
export const weeklyReportUpdateSchema = z
  .object({ isActive: z.boolean({ error: 'isActive must be true or false' }) })
  .strict();
export type WeeklyReportUpdate = z.infer<typeof weeklyReportUpdateSchema>;

/** What leaves the server: the settings, the next send and how the last digest went. */
export const digestConfigSchema = z.object({
  frequency: digestScheduleFrequencySchema,
  time: z.string(),
  timezone: z.string(),
  weekday: z.number().int(),
  isActive: z.boolean(),
  /** The next slot as an instant (ISO), or null when digests are off. */
  nextSendAt: z.string().nullable(),
  lastDigest: z.object({ sentAt: z.string(), mentionCount: z.number().int() }).nullable(),
  /** The newest delivery problem since the last digest went out. */
  lastFailure: z
    .object({
      at: z.string(),
      message: z.string(),
      /** Still being retried (temporary failure), with the next attempt's time. */
      retrying: z.boolean(),
      nextAttemptAt: z.string().nullable(),
    })
    .nullable(),
  /** The weekly report (off by default): every Monday at 08:00 in `timezone`, when on. */
  weeklyReport: z.object({
    isActive: z.boolean(),
    /** The next Monday 08:00 as an instant (ISO), or null when off. */
    nextSendAt: z.string().nullable(),
  }),
});
export type DigestConfig = z.infer<typeof digestConfigSchema>;

/**
 * The original client sends `{ email }`; a bare POST (no body) is fine too. See
 * docs/product.md §6 (API conventions).
 */
export const testEmailBodySchema = z
  .object({ email: z.string().max(254).optional() })
  .nullish()
  .transform((body) => body ?? {});

export const testEmailResultSchema = z.object({ success: z.boolean(), message: z.string() });
export type TestEmailResult = z.infer<typeof testEmailResultSchema>;
