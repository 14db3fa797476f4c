/** The IANA zones this browser knows, with the given ones kept even if it does not. */
export function timezoneOptions(keep: string[]) {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set(['UTC', ...zones, ...keep.filter(Boolean)]);
  return [...all].map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

export function browserTimezone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** "Sunday, Nov 22, 8:00 AM" in the digest's own timezone. */
export function formatInZone(iso: string, timezone: string, withWeekday = true) {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    weekday: withWeekday ? 'long' : undefined,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}
