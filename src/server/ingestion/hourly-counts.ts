/**
 * Counts kept by the hour for the status's "last 24 h" figures, in the jsonb states of
 * `reddit_client_state` (the listings' re-reads, the post-id enumeration): rows of
 * [hour start ms, ...counts], newest last. Statistics, not guarantees.
 */
const HOUR_MS = 3600_000;
/** A day and the hour under way. */
const HOURS_KEPT = 25;

/** Adds `counts` to the current hour's row of `hours` (a new row when the hour is new). */
export function addToHour(hours: number[][], now: number, counts: readonly number[]) {
  if (counts.every((n) => n === 0)) return;
  const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
  let last = hours[hours.length - 1];
  if (last?.[0] !== hour) hours.push((last = [hour, ...counts.map(() => 0)]));
  counts.forEach((n, i) => (last[i + 1] += n));
  while (hours.length > HOURS_KEPT) hours.shift();
}

/** Each count summed over the hours that end after `since` (ms). */
export function sumSince(hours: readonly (readonly number[])[], since: number, width: number) {
  const sums = Array.from({ length: width }, () => 0);
  for (const [hour, ...counts] of hours) {
    if (hour + HOUR_MS <= since) continue;
    counts.forEach((n, i) => (sums[i] += n));
  }
  return sums;
}
