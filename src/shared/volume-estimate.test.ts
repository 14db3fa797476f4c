import { describe, expect, test } from 'vitest';
import {
  describeVolume,
  estimateVolume,
  VOLUME_MIN_MATCHES,
  VOLUME_STEADY_MATCHES,
} from './volume-estimate';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const said = (matches: number, spanMs: number) => describeVolume(estimateVolume(matches, spanMs)!);

describe('estimateVolume thresholds', () => {
  test.each([
    [0, 'too-few'],
    [VOLUME_MIN_MATCHES - 1, 'too-few'],
    [VOLUME_MIN_MATCHES, 'range'],
    [VOLUME_STEADY_MATCHES - 1, 'range'],
    [VOLUME_STEADY_MATCHES, 'steady'],
  ] as const)('%i matches: %s', (matches, confidence) => {
    expect(estimateVolume(matches, HOUR)?.confidence).toBe(confidence);
  });

  test('no span, no estimate', () => {
    expect(estimateVolume(3, 0)).toBeNull();
  });

  test('the 90% range of 5 matches is the exact Poisson one, within 1%', () => {
    const estimate = estimateVolume(5, DAY)!;
    expect(estimate.perDay).toBe(5);
    expect(estimate.low).toBeCloseTo(1.97, 1);
    expect(estimate.high).toBeCloseTo(10.51, 1);
  });

  test('the range always holds the figure, and narrows as matches grow', () => {
    let width = Infinity;
    for (const n of [1, 5, 10, 30, 100, 1000]) {
      const e = estimateVolume(n, HOUR)!;
      expect(e.low).toBeLessThanOrEqual(e.perDay);
      expect(e.high).toBeGreaterThanOrEqual(e.perDay);
      expect(e.high / e.low).toBeLessThan(width);
      width = e.high / e.low;
    }
  });
});

describe('describeVolume', () => {
  test.each([
    // 5 matches in the 10 minutes a new keyword has been live: never "about 720 a day".
    [5, 10 * MINUTE, 'Roughly 280–1,500 a day (from 5 matches)'],
    [1, 2 * MINUTE, 'Too few to tell yet: 1 match so far'],
    [4, HOUR, 'Too few to tell yet: 4 matches so far'],
    [0, 10 * MINUTE, 'None so far: too few to tell yet'],
    [0, 7 * DAY, 'None lately: fewer than one a day'],
    [40, HOUR, 'About 960 a day'],
    [500, HOUR, 'About 12,000 a day'],
    [35, 7 * DAY, 'About 5 a day'],
    [30, 100 * DAY, 'About 2 a week'],
    [6, 7 * DAY, 'Roughly up to 2 a day (from 6 matches)'],
    [12, 7 * DAY, 'Roughly 1–3 a day (from 12 matches)'],
    [5, 60 * DAY, 'Roughly up to 1 a week (from 5 matches)'],
  ])('%i matches over %i ms: %s', (matches, spanMs, expected) => {
    expect(said(matches, spanMs)).toBe(expected);
  });
});
