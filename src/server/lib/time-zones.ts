const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function localParts(date: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** How far the zone's wall clock is ahead of UTC at `date`, in ms. */
function offsetAt(date: Date, timeZone: string) {
  const p = localParts(date, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(date.getTime() / 1000) * 1000;
}

/** The instant local midnight began on `now`'s day in `timeZone` (an IANA name; UTC if unknown). */
export function startOfLocalDay(now: Date, timeZone: string): Date {
  let zone = timeZone;
  try {
    formatter(zone);
  } catch {
    zone = 'UTC';
  }
  const p = localParts(now, zone);
  const midnightWall = Date.UTC(p.year, p.month - 1, p.day);
  // Two steps: the offset at midnight can differ from the offset now (a DST change today).
  const first = midnightWall - offsetAt(new Date(midnightWall), zone);
  return new Date(midnightWall - offsetAt(new Date(first), zone));
}
