import { describe, expect, test } from 'vitest';
import { lastLocalDays, localMidnight } from './local-days';

describe('local days', () => {
  test.each([
    ['2026-11-21', 'UTC', '2026-11-21T00:00:00.000Z'],
    ['2026-11-21', 'America/New_York', '2026-11-21T05:00:00.000Z'],
    ['2026-07-01', 'America/New_York', '2026-07-01T04:00:00.000Z'],
    ['2026-11-21', 'Asia/Kolkata', '2026-11-20T18:30:00.000Z'],
    ['2026-11-21', 'Pacific/Kiritimati', '2026-11-20T10:00:00.000Z'],
    ['2026-11-21', 'Not/AZone', '2026-11-21T00:00:00.000Z'],
  ])('%s begins in %s at %s', (day, zone, instant) => {
    expect(localMidnight(day, zone).toISOString()).toBe(instant);
  });

  test('the last days end with today in the timezone, not in UTC', () => {
    // 02:00 UTC on the 21st is still the 20th in New York.
    const { days, bounds } = lastLocalDays(new Date('2026-11-21T02:00:00Z'), 'America/New_York', 3);
    expect(days).toEqual(['2026-11-18', '2026-11-19', '2026-11-20']);
    expect(bounds.map((b) => b.toISOString())).toEqual([
      '2026-11-18T05:00:00.000Z',
      '2026-11-19T05:00:00.000Z',
      '2026-11-20T05:00:00.000Z',
      '2026-11-21T05:00:00.000Z',
    ]);
  });

  test('a day across the autumn DST change is 25 hours long', () => {
    const { days, bounds } = lastLocalDays(new Date('2026-10-26T12:00:00Z'), 'Europe/Paris', 2);
    expect(days).toEqual(['2026-10-25', '2026-10-26']);
    expect(bounds[1].getTime() - bounds[0].getTime()).toBe(25 * 3600_000);
  });

  test('days cross month and year ends', () => {
    const { days } = lastLocalDays(new Date('2027-01-01T12:00:00Z'), 'UTC', 3);
    expect(days).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
  });
});
