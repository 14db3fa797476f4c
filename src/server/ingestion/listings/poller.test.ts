import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { nextInterval } from './pacing';
import { smoothedRate } from './poller';

describe('nextInterval', () => {
  test.each([
    // [items per minute, caught up, poll seconds, interval ms, why]
    [120, false, 30, 0, 'behind: read again at once'],
    [0, false, 30, 0, 'behind with no known rate: at once'],
    [0, true, 30, 30_000, 'unknown rate: the poll interval'],
    [-3, true, 30, 30_000, 'a negative rate counts as unknown'],
    [0, true, 5, 5_000, 'unknown rate with a short poll interval'],
    [1, true, 30, 30_000, 'quiet: a full page would take 90 min, so the poll interval'],
    [180, true, 30, 30_000, 'a full page in exactly 30 s'],
    [360, true, 30, 16_667, 'busy: 100 items at 6 per second'],
    [900, true, 30, 6_667, 'busier: 100 items at 15 per second'],
    [6_000, true, 30, 1_000, 'r/all comments pace: 100 per second'],
    [12_000, true, 30, 500, 'exactly the shortest interval'],
    [1_000_000, true, 30, 500, 'never sooner than 500 ms'],
    [700, true, 30, 8_571, 'rounded to whole milliseconds'],
    [360, true, 10, 10_000, 'never later than the poll interval'],
  ])(
    '%d items/min, caught up %s, poll %d s → %d ms (%s)',
    (rate, caughtUp, pollSeconds, expected) => {
      expect(nextInterval(rate, caughtUp, pollSeconds)).toBe(expected);
    },
  );

  test.each([
    // [items per minute, poll seconds, interval ms, why]
    [60, 30, 30_000, 'quiet: one page, re-read and all, each poll interval'],
    [600, 30, 23_000, '300 a poll: three pages, 230 new behind the 60 re-read'],
    [8_100, 30, 3_185, 'r/all comments at 135/s: five pages, 430 new behind the 60 re-read'],
    [900, 30, 28_667, 'posts at 15/s: five pages a poll interval'],
    [3_600, 1, 667, '60 a 1 s poll: one page, 40 new behind the 60 re-read'],
  ])(
    're-reading 60 behind the cursor: %d items/min, poll %d s → %d ms (%s)',
    (rate, pollSeconds, expected) => {
      expect(nextInterval(rate, true, pollSeconds, false, { items: 60, maxPages: 5 })).toBe(
        expected,
      );
    },
  );

  test('stays within 500 ms and the poll interval, and never lengthens as the rate grows', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        fc.integer({ min: 1, max: 3600 }),
        (a, b, pollSeconds) => {
          const [slow, fast] = a <= b ? [a, b] : [b, a];
          const interval = nextInterval(fast, true, pollSeconds);
          expect(interval).toBeGreaterThanOrEqual(500);
          expect(interval).toBeLessThanOrEqual(pollSeconds * 1000);
          expect(Number.isInteger(interval)).toBe(true);
          expect(interval).toBeLessThanOrEqual(nextInterval(slow, true, pollSeconds));
        },
      ),
    );
  });
});

describe('smoothedRate', () => {
  test.each([
    // [previous, new items, elapsed ms, rate, why]
    [0, 10, 60_000, 10, 'no history: the observed rate'],
    [0, 90, 30_000, 180, 'no history, half a minute'],
    [0, 0, 60_000, 0, 'nothing new and no history'],
    [
      10,
      30,
      60_000,
      10 + 20 * (1 - Math.exp(-1)),
      'a minute moves 63% of the way to the observed rate',
    ],
    [20, 0, 30_000, 20 * Math.exp(-0.5), 'half a quiet minute: down by 39%'],
    [100, 100, 60_000, 100, 'a steady rate stays'],
    [12, 5, 0, 12, 'no time elapsed: unchanged'],
    [12, 5, -1_000, 12, 'a clock step backwards: unchanged'],
    [
      60,
      3,
      1_000,
      60 + 120 * (1 - Math.exp(-1 / 60)),
      'one second of 180 a minute barely moves it',
    ],
    [600, 0, 1_000, 600 * Math.exp(-1 / 60), 'an empty one-second read barely lowers a busy rate'],
  ])('previous %d, %d new in %d ms → %d (%s)', (previous, newItems, elapsedMs, expected) => {
    expect(smoothedRate(previous, newItems, elapsedMs)).toBeCloseTo(expected, 9);
  });

  test('lies between the previous and the observed rate', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e5, noNaN: true }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 3_600_000 }),
        (previous, newItems, elapsedMs) => {
          const observed = (newItems * 60_000) / elapsedMs;
          const rate = smoothedRate(previous, newItems, elapsedMs);
          const margin = 1e-9 * Math.max(1, previous, observed);
          expect(rate).toBeGreaterThanOrEqual(
            Math.min(previous === 0 ? observed : previous, observed) - margin,
          );
          expect(rate).toBeLessThanOrEqual(Math.max(previous, observed) + margin);
        },
      ),
    );
  });
});
