import { describe, expect, test } from 'vitest';
import { addToHour, sumSince } from './hourly-counts';

const HOUR = 3600_000;

describe('hourly counts', () => {
  test('adds within the hour, opens a row for a new one, keeps 25 hours', () => {
    const hours: number[][] = [];
    addToHour(hours, 10 * HOUR + 5, [1, 2]);
    addToHour(hours, 10 * HOUR + 60_000, [3, 0]);
    addToHour(hours, 11 * HOUR, [0, 4]);
    expect(hours).toEqual([
      [10 * HOUR, 4, 2],
      [11 * HOUR, 0, 4],
    ]);
    for (let h = 12; h < 40; h++) addToHour(hours, h * HOUR, [1, 1]);
    expect(hours).toHaveLength(25);
    expect(hours[0][0]).toBe(15 * HOUR);
  });

  test('nothing to add opens no row', () => {
    const hours: number[][] = [];
    addToHour(hours, HOUR, [0, 0, 0]);
    expect(hours).toEqual([]);
  });

  test.each([
    [0, [5, 7]],
    [10 * HOUR + 1, [5, 7]],
    [11 * HOUR, [4, 5]],
    [12 * HOUR, [0, 0]],
  ])('sums the hours that end after %i', (since, sums) => {
    const hours = [
      [10 * HOUR, 1, 2],
      [11 * HOUR, 4, 5],
    ];
    expect(sumSince(hours, since, 2)).toEqual(sums);
  });
});
