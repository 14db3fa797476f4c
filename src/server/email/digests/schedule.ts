/**
 * When a digest is due (DESIGN.md §2): a slot is the chosen local time (on the chosen weekday
 * for weekly) in the user's IANA timezone, and the job sends at the first slot after both
 * `lastSent` and the moment the settings were saved. Pure, so DST cases are table-tested.
 */
export interface DigestSchedule {
  frequency: 'daily' | 'weekly';
  /** HH:MM, 24-hour, local. */
  time: string;
  timezone: string;
  /** 0 = Sunday … 6 = Saturday; used when weekly. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string) {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timezone, f);
  }
  return f;
}

export function isValidTimezone(timezone: string) {
  try {
    formatter(timezone);
    return true;
  } catch {
    return false;
  }
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock reading of an instant in a timezone. */
export function wallTime(instant: number, timezone: string): Wall {
  const parts: Record<string, number> = {};
  for (const p of formatter(timezone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
  };
}

/** The zone's offset from UTC at an instant, in ms (east positive). */
function offsetAt(instant: number, timezone: string) {
  const w = wallTime(instant, timezone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

const HOUR = 3_600_000;

/**
 * The instant a local wall time happens. Twice (clocks go back): the first. Never (clocks
 * jump forward over it): as many minutes after the jump as it is after its start, so 02:30
 * on a spring-forward night becomes 03:30 — a digest is late that day, never skipped.
 */
export function zonedInstant(wall: Wall, timezone: string): number {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const before = offsetAt(guess - 14 * HOUR, timezone);
  const after = offsetAt(guess + 14 * HOUR, timezone);
  const matchesWall = (t: number) => {
    const w = wallTime(t, timezone);
    return (
      w.year === wall.year &&
      w.month === wall.month &&
      w.day === wall.day &&
      w.hour === wall.hour &&
      w.minute === wall.minute
    );
  };
  const candidates = [...new Set([guess - before, guess - after])].filter(matchesWall);
  if (candidates.length > 0) return Math.min(...candidates);
  return guess - before;
}

/** The first slot strictly after `after`. */
export function nextSlotAfter(after: Date, schedule: DigestSchedule): Date {
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
