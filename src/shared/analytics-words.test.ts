import { describe, expect, test } from 'vitest';
import { formatMinutes, formatPercent } from './analytics-words';

describe('percentages', () => {
  test.each([
    [0, '0%'],
    [1, '100%'],
    [0.384, '38%'],
    [0.385, '39%'],
    [0.004, '<1%'],
    [0.996, '>99%'],
    [1 / 3, '33%'],
  ])('%d reads %s', (rate, expected) => {
    expect(formatPercent(rate)).toBe(expected);
  });
});

describe('minutes in words', () => {
  test.each([
    [0, 'under 1 min'],
    [0.4, 'under 1 min'],
    [1, '1 min'],
    [38, '38 min'],
    [38.6, '39 min'],
    [59.4, '59 min'],
    [59.6, '1 h'],
    [60, '1 h'],
    [125, '2 h 5 min'],
    [1439, '23 h 59 min'],
    [1440, '1 d'],
    [1440 + 3 * 60 + 10, '1 d 3 h'],
    [1440 + 3 * 60 + 40, '1 d 4 h'],
    [2 * 1440 - 20, '2 d'],
    [10 * 1440 + 60, '10 d 1 h'],
  ])('%d minutes read "%s"', (minutes, expected) => {
    expect(formatMinutes(minutes)).toBe(expected);
  });
});
