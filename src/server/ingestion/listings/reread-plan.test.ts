import { describe, expect, test } from 'vitest';
import { pagesPerMinute, rereadDepth } from './reread-plan';

// The budget of one OAuth client: 1,000 requests per 600 s at 97%.
const BUDGET = 97;

describe('rereadDepth', () => {
  test.each([
    // [rates (items/min), poll s, depth, why]
    [[], 30, 60, 'nothing to read: the deepest'],
    [[60, 30, 5], 30, 60, 'quiet subreddit listings: their pages hold the re-read anyway'],
    [[3_600, 600, 30, 30, 30, 30], 1, 60, 'scenario (a), 60+10/s: room to spare'],
    [[2_400, 300], 30, 60, 'the measured firehose, 40+5/s'],
    [[8_100, 900, 30, 30, 30, 30], 30, 0, 'scenario (b), 135+15/s: no room left over'],
  ])('%j items/min, poll %d s → %d (%s)', (rates, pollSeconds, depth) => {
    expect(rereadDepth(rates, BUDGET, pollSeconds, 5)).toBe(depth);
  });

  test('never deeper as the listings get busier', () => {
    let previous = Infinity;
    for (let rate = 0; rate <= 10_000; rate += 250) {
      const depth = rereadDepth([rate, rate / 10], BUDGET, 30, 5);
      expect(depth).toBeLessThanOrEqual(previous);
      previous = depth;
    }
  });
});

describe('pagesPerMinute', () => {
  test.each([
    [6_000, 0, 61, 'r/all comments at 100/s, 490 a read in 5 pages: 61'],
    [60, 60, 2, 'a quiet listing: one page each 30 s'],
  ])('%d items/min, %d back → %d pages/min (%s)', (rate, depth, pages) => {
    expect(pagesPerMinute(rate, depth, 30, 5)).toBeCloseTo(pages, 0);
  });
});
