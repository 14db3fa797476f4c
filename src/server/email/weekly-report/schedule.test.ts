import { describe, expect, test } from 'vitest';
import {
  isoWeekOf,
  latestSlot,
  mondayOfIsoWeek,
  reportPeriod,
  reportSlotAfter,
  weekBefore,
} from './schedule';

// 2026-11-21 is a Saturday; the Mondays around it are the 16th and the 23rd.

describe('the Monday 08:00 slots', () => {
  test.each([
    ['UTC, from a Saturday', '2026-11-21T12:00:00Z', 'UTC', '2026-11-23T08:00:00.000Z'],
    [
      'strictly after: at the slot, the next one',
      '2026-11-23T08:00:00Z',
      'UTC',
      '2026-11-30T08:00:00.000Z',
    ],
    [
      'New York in winter (UTC-5)',
      '2026-11-21T12:00:00Z',
      'America/New_York',
      '2026-11-23T13:00:00.000Z',
    ],
    [
      'Tokyo, Monday already begun there',
      '2026-11-22T22:00:00Z',
      'Asia/Tokyo',
      '2026-11-22T23:00:00.000Z',
    ],
    [
      'an unknown timezone reads as UTC',
      '2026-11-21T12:00:00Z',
      'Mars/Base',
      '2026-11-23T08:00:00.000Z',
    ],
  ])('%s', (_name, after, zone, expected) => {
    expect(reportSlotAfter(new Date(after), zone).toISOString()).toBe(expected);
  });

  test.each([
    ['at the slot itself', '2026-11-23T08:00:00Z', 'UTC', '2026-11-23T08:00:00.000Z'],
    [
      'a minute before it: the week before',
      '2026-11-23T07:59:00Z',
      'UTC',
      '2026-11-16T08:00:00.000Z',
    ],
    ['on a Sunday', '2026-11-22T20:00:00Z', 'UTC', '2026-11-16T08:00:00.000Z'],
    [
      'Paris, the Monday after summer time began',
      '2026-03-30T06:00:00Z',
      'Europe/Paris',
      '2026-03-30T06:00:00.000Z',
    ],
    [
      'Paris, a minute before it: still winter time',
      '2026-03-30T05:59:00Z',
      'Europe/Paris',
      '2026-03-23T07:00:00.000Z',
    ],
  ])('the latest slot %s', (_name, now, zone, expected) => {
    expect(latestSlot(new Date(now), zone).toISOString()).toBe(expected);
  });
});

describe('ISO weeks', () => {
  test.each([
    ['2026-11-16', '2026-W47'],
    ['2025-12-29', '2026-W01'],
    ['2026-12-28', '2026-W53'],
    ['2027-01-04', '2027-W01'],
    ['2024-12-30', '2025-W01'],
  ])('the week beginning on Monday %s is %s, and back', (monday, week) => {
    expect(isoWeekOf(new Date(`${monday}T00:00:00Z`))).toBe(week);
    expect(mondayOfIsoWeek(week).toISOString().slice(0, 10)).toBe(monday);
  });

  test.each([
    ['2026-11-23T08:00:00Z', 'UTC', '2026-W47'],
    ['2026-11-22T23:00:00Z', 'Asia/Tokyo', '2026-W47'],
    ['2027-01-04T13:00:00Z', 'America/New_York', '2026-W53'],
  ])('the slot %s in %s reports %s', (slot, zone, week) => {
    expect(weekBefore(new Date(slot), zone)).toBe(week);
  });
});

describe('the reported period', () => {
  test.each([
    ['2026-W47', 'UTC', '2026-11-16', '2026-11-22', '2026-11-22T23:59:59.999Z'],
    ['2026-W47', 'America/New_York', '2026-11-16', '2026-11-22', '2026-11-23T04:59:59.999Z'],
    // Summer time ended on Sunday 25 October: the week ends at midnight CET.
    ['2026-W43', 'Europe/Paris', '2026-10-19', '2026-10-25', '2026-10-25T22:59:59.999Z'],
    ['2026-W53', 'UTC', '2026-12-28', '2027-01-03', '2027-01-03T23:59:59.999Z'],
  ])('%s in %s: %s to %s, as of %s', (week, zone, from, to, asOf) => {
    const period = reportPeriod(week, zone);
    expect(period).toEqual({ from, to, asOf: new Date(asOf) });
  });
});
