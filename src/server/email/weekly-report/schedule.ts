/**
 * When weekly reports are due and which week each covers (decision 035). A report leaves on
 * Monday at 08:00 in the user's timezone — a fixed morning hour rather than the digest's time,
 * which may be any hour of any day — and covers the Monday-to-Sunday local week just ended. Pure,
 * so DST and year ends are table-tested.
 */
import { isValidTimezone, wallTime, zonedInstant } from '../../lib/time-zones';
import { nextSlotAfter, type DigestSchedule } from '../digests/schedule';

const DAY = 24 * 60 * 60_000;

/** A slot found later than this (the worker was down for a day) is skipped, not sent late. */
export const LATE_LIMIT_MS = DAY;

const zoneOf = (timezone: string) => (isValidTimezone(timezone) ? timezone : 'UTC');

const mondayMorning = (timezone: string): DigestSchedule => ({
  frequency: 'weekly',
  time: '08:00',
  timezone: zoneOf(timezone),
  weekday: 1,
});

/** The first Monday 08:00 strictly after `after`, in the timezone. */
export function reportSlotAfter(after: Date, timezone: string): Date {
  return nextSlotAfter(after, mondayMorning(timezone));
}

/** The latest Monday 08:00 at or before `now`: one passed within the last 8 days, always. */
export function latestSlot(now: Date, timezone: string): Date {
  let slot = reportSlotAfter(new Date(now.getTime() - 8 * DAY), timezone);
  for (let next = reportSlotAfter(slot, timezone); next <= now;) {
    slot = next;
    next = reportSlotAfter(slot, timezone);
  }
  return slot;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The ISO 8601 week (`2026-W47`) a Monday (as a UTC date) begins: its Thursday's year. */
export function isoWeekOf(monday: Date): string {
  const thursday = new Date(monday.getTime() + 3 * DAY);
  const year = thursday.getUTCFullYear();
  const ordinal = Math.round((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY) + 1;
  return `${year}-W${String(Math.floor((ordinal - 1) / 7) + 1).padStart(2, '0')}`;
}

/** The Monday (as a UTC date) an ISO week begins. */
export function mondayOfIsoWeek(week: string): Date {
  const [year, number] = week.split('-W').map(Number);
  // January 4th is always in week 1; its Monday starts it.
  const jan4 = Date.UTC(year, 0, 4);
  const week1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY;
  return new Date(week1 + (number - 1) * 7 * DAY);
}

/** The week a slot reports: the seven local days before the slot's Monday. */
export function weekBefore(slot: Date, timezone: string): string {
  const local = wallTime(slot.getTime(), zoneOf(timezone));
  return isoWeekOf(new Date(Date.UTC(local.year, local.month - 1, local.day - 7)));
}

export interface ReportPeriod {
  /** First and last local day (YYYY-MM-DD): a Monday and a Sunday. */
  from: string;
  to: string;
  /**
   * The week's last millisecond in the timezone: the analytics' "now", so that its last seven
   * local days are exactly this week, whenever the report is (re)sent.
   */
  asOf: Date;
}

export function reportPeriod(week: string, timezone: string): ReportPeriod {
  const monday = mondayOfIsoWeek(week).getTime();
  const next = new Date(monday + 7 * DAY);
  const end = zonedInstant(
    {
      year: next.getUTCFullYear(),
      month: next.getUTCMonth() + 1,
      day: next.getUTCDate(),
      hour: 0,
      minute: 0,
    },
    zoneOf(timezone),
  );
  return { from: isoDay(monday), to: isoDay(monday + 6 * DAY), asOf: new Date(end - 1) };
}
