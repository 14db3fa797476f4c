import { describe, expect, test } from 'vitest';
import { startOfLocalDay } from './time-zones';

describe('startOfLocalDay', () => {
  test.each([
    ['UTC', '2026-11-21T12:00:00Z', '2026-11-21T00:00:00.000Z'],
    ['Europe/Berlin', '2026-11-21T23:30:00Z', '2026-11-21T23:00:00.000Z'],
    ['America/New_York', '2026-11-21T03:00:00Z', '2026-11-20T05:00:00.000Z'],
    ['Asia/Kolkata', '2026-11-21T20:00:00Z', '2026-11-21T18:30:00.000Z'],
    // Spring forward in Berlin (2026-03-29): midnight was still winter time.
    ['Europe/Berlin', '2026-03-29T12:00:00Z', '2026-03-28T23:00:00.000Z'],
    // Fall back in New York (2026-11-01): midnight was still summer time.
    ['America/New_York', '2026-11-01T15:00:00Z', '2026-11-01T04:00:00.000Z'],
    ['Not/A_Zone', '2026-11-21T12:00:00Z', '2026-11-21T00:00:00.000Z'],
  ])('in %s, %s began its day at %s', (zone, now, expected) => {
    expect(startOfLocalDay(new Date(now), zone).toISOString()).toBe(expected);
  });
});
