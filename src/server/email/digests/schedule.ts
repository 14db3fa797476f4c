/**
 * When a digest is due, as docs/product.md §7 (Email digests) puts it: a slot is the chosen
 * local time (on the chosen weekday for weekly) in the user's IANA timezone, and the job sends at
 * the first slot after both `lastSent` and the moment the settings were saved. Pure, so DST cases
 * are table-tested.
 */
import { wallTime, zonedInstant } from '../../lib/time-zones';

export { isValidTimezone } from '../../lib/time-zones';

/** INSTANT_EMAIL_MINUTES' default (DESIGN §5). */
export const DEFAULT_INSTANT_MINUTES = 5;

export interface DigestSchedule {
  frequency: 'instant' | 'daily' | 'weekly';
  /** The window of `instant`: one email at most per this many minutes (default 5). */
  instantMinutes?: number;
  /** HH:MM, 24-hour, local. */
  time: string;
  timezone: string;
  /** 0 = Sunday … 6 = Saturday; used when weekly. */
  weekday: number;
}

/** The first slot strictly after `after`. */
export function nextSlotAfter(after: Date, schedule: DigestSchedule): Date {
  if (schedule.frequency === 'instant') {
    // Window boundaries in UTC: every user's instant email goes out on the same ticks.
    const window = (schedule.instantMinutes ?? DEFAULT_INSTANT_MINUTES) * 60_000;
    return new Date(Math.floor(after.getTime() / window) * window + window);
  }
  const [hour, minute] = schedule.time.split(':').map(Number);
  const local = wallTime(after.getTime(), schedule.timezone);
  // Walk local calendar days (as UTC dates, so no DST arithmetic) until one qualifies.
  for (let offset = 0; offset <= 8; offset++) {
    const day = new Date(Date.UTC(local.year, local.month - 1, local.day + offset));
    if (schedule.frequency === 'weekly' && day.getUTCDay() !== schedule.weekday) continue;
    const instant = zonedInstant(
      {
        year: day.getUTCFullYear(),
        month: day.getUTCMonth() + 1,
        day: day.getUTCDate(),
        hour,
        minute,
      },
      schedule.timezone,
    );
    if (instant > after.getTime()) return new Date(instant);
  }
  throw new Error('no digest slot within 8 days'); // unreachable for valid schedules
}

/** The slot the job waits for: the first after both the last digest and the last save. */
export function firstDueSlot(
  schedule: DigestSchedule,
  marks: { lastSent: Date | null; savedAt: Date },
): Date {
  const since = Math.max(marks.lastSent?.getTime() ?? 0, marks.savedAt.getTime());
  return nextSlotAfter(new Date(since), schedule);
}
