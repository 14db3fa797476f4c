import { isValidTimezone, wallTime, zonedInstant } from '../lib/time-zones';

/** A calendar day as YYYY-MM-DD, from a UTC date that carries its year, month and day. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const zoneOf = (timezone: string) => (isValidTimezone(timezone) ? timezone : 'UTC');

/** The instant a local calendar day (YYYY-MM-DD) begins in the timezone. */
export function localMidnight(day: string, timezone: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(zonedInstant({ year, month, day: date, hour: 0, minute: 0 }, zoneOf(timezone)));
}

/**
 * The last `count` local days up to and including today, oldest first, and their `count + 1`
 * bounds (each day's midnight, then tomorrow's): a day is 23 or 25 hours across a DST change.
 */
export function lastLocalDays(now: Date, timezone: string, count: number) {
  const zone = zoneOf(timezone);
  const today = wallTime(now.getTime(), zone);
  const key = `${zone} ${count} ${today.year}-${today.month}-${today.day}`;
  const cached = ranges.get(key);
  if (cached) return cached;
  const day = (offset: number) =>
    isoDay(new Date(Date.UTC(today.year, today.month - 1, today.day + offset)));
  const days = Array.from({ length: count }, (_, i) => day(i - count + 1));
  const bounds = [...days, day(1)].map((d) => localMidnight(d, zone));
  const range = { days, bounds } as const;
  if (ranges.size >= 1000) ranges.clear();
  ranges.set(key, range);
  return range;
}

// Thirty midnights cost about half a millisecond of Intl calls, and change once a day per zone.
const ranges = new Map<string, { readonly days: string[]; readonly bounds: Date[] }>();
