import { z } from 'zod';

/**
 * How many matches a day a keyword gets, estimated from `matches` seen over a span of time,
 * said as honestly as so few allow. One function and one wording for the keyword dialog, the
 * diagnostic page and the dashboard: 5 matches in 10 minutes is "roughly 280–1,500 a day", not
 * "about 720 a day".
 *
 * The range is a 90% interval for a Poisson rate (Wilson–Hilferty's approximation of the exact
 * chi-square bounds, within 1% from one match on), scaled to a day.
 */

/** Fewer matches than this: too few to tell yet. */
export const VOLUME_MIN_MATCHES = 5;
/** From this many matches on, one figure ("about N a day") is honest enough. */
export const VOLUME_STEADY_MATCHES = 30;

const DAY_MS = 86_400_000;
/** The normal quantile of a one-sided 95% bound (two of them: a 90% interval). */
const Z = 1.645;

export const volumeEstimateSchema = z.object({
  /** Matches counted, over how many minutes. */
  matches: z.number().int(),
  minutes: z.number(),
  /** The matches a day the count points at, and the 90% range around it. */
  perDay: z.number(),
  low: z.number(),
  high: z.number(),
  /** `too-few`: under VOLUME_MIN_MATCHES; `range`: say the range; `steady`: one figure. */
  confidence: z.enum(['too-few', 'range', 'steady']),
});
export type VolumeEstimate = z.infer<typeof volumeEstimateSchema>;

/** Lower and upper bounds of a Poisson mean, having seen `n`. */
function poissonBounds(n: number): [number, number] {
  const lower = n === 0 ? 0 : n * (1 - 1 / (9 * n) - Z / (3 * Math.sqrt(n))) ** 3;
  const m = n + 1;
  const upper = m * (1 - 1 / (9 * m) + Z / (3 * Math.sqrt(m))) ** 3;
  return [Math.max(0, lower), upper];
}

/** The estimate of `matches` over `spanMs`; null over no time at all. */
export function estimateVolume(matches: number, spanMs: number): VolumeEstimate | null {
  if (!(spanMs > 0) || matches < 0) return null;
  const perMatch = DAY_MS / spanMs;
  const [low, high] = poissonBounds(matches);
  return {
    matches,
    minutes: Math.round(spanMs / 6_000) / 10,
    perDay: matches * perMatch,
    low: low * perMatch,
    high: high * perMatch,
    confidence:
      matches < VOLUME_MIN_MATCHES
        ? 'too-few'
        : matches < VOLUME_STEADY_MATCHES
          ? 'range'
          : 'steady',
  };
}

const count = (n: number) => n.toLocaleString('en-US');

/** Two significant figures at most, as a count: 1,437 → 1,400; 7.4 → 7. */
export function rounded(n: number): number {
  if (n < 10) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/** "about 40 a day", "about 3 a week" (under one a day). */
function rate(perDay: number): string {
  return perDay < 1
    ? `${count(Math.max(1, Math.round(perDay * 7)))} a week`
    : `${count(rounded(perDay))} a day`;
}

/** "280–1,500 a day", "1–4 a week", "up to 3 a day". */
function range(low: number, high: number): string {
  if (high < 1) {
    const [weekLow, weekHigh] = [Math.round(low * 7), Math.max(1, Math.round(high * 7))];
    return weekLow < 1 || weekLow >= weekHigh
      ? `up to ${count(weekHigh)} a week`
      : `${count(weekLow)}–${count(weekHigh)} a week`;
  }
  const [from, to] = [rounded(low), rounded(high)];
  return from < 1 || from >= to ? `up to ${count(to)} a day` : `${count(from)}–${count(to)} a day`;
}

/**
 * The estimate in words, capitalized: "About 960 a day", "Roughly 280–1,500 a day (from 5
 * matches)", "Too few to tell yet: 2 matches so far", "None lately: fewer than one a day".
 */
export function describeVolume(estimate: VolumeEstimate): string {
  const { matches, confidence } = estimate;
  if (matches === 0) {
    return estimate.high < 1
      ? 'None lately: fewer than one a day'
      : 'None so far: too few to tell yet';
  }
  if (confidence === 'too-few') {
    return `Too few to tell yet: ${count(matches)} match${matches === 1 ? '' : 'es'} so far`;
  }
  if (confidence === 'range') {
    return `Roughly ${range(estimate.low, estimate.high)} (from ${count(matches)} matches)`;
  }
  return `About ${rate(estimate.perDay)}`;
}
