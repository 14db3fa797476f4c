/** Wall clocks of IANA timezones, DST included: shared by digests and "today" counts. */
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

export interface Wall {
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

/** The instant local midnight began on `now`'s day in `timeZone` (an unknown zone counts as UTC). */
export function startOfLocalDay(now: Date, timeZone: string): Date {
  const zone = isValidTimezone(timeZone) ? timeZone : 'UTC';
  const today = wallTime(now.getTime(), zone);
  return new Date(zonedInstant({ ...today, hour: 0, minute: 0 }, zone));
}
