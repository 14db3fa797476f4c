import { describe, expect, test } from 'vitest';
import { firstDueSlot, isValidTimezone, nextSlotAfter, type DigestSchedule } from './schedule';

const daily = (time: string, timezone: string): DigestSchedule => ({
  frequency: 'daily',
  time,
  timezone,
  weekday: 1,
});

describe('nextSlotAfter', () => {
  test.each([
    ['UTC, later today', '2026-11-21T07:00:00Z', daily('08:00', 'UTC'), '2026-11-21T08:00:00.000Z'],
    [
      'UTC, already passed today',
      '2026-11-21T08:00:00Z',
      daily('08:00', 'UTC'),
      '2026-11-22T08:00:00.000Z',
    ],
    [
      'New York in winter (UTC-5)',
      '2026-11-21T12:00:00Z',
      daily('08:00', 'America/New_York'),
      '2026-11-21T13:00:00.000Z',
    ],
    [
      'Tokyo (UTC+9), local date is already tomorrow',
      '2026-11-21T23:30:00Z',
      daily('08:00', 'Asia/Tokyo'),
      '2026-11-22T23:00:00.000Z',
    ],
    [
      'Kolkata, half-hour offset',
      '2026-11-21T00:00:00Z',
      daily('09:15', 'Asia/Kolkata'),
      '2026-11-21T03:45:00.000Z',
    ],
    [
      'Chatham, 45-minute offset',
      '2026-11-21T00:00:00Z',
      daily('08:00', 'Pacific/Chatham'),
      '2026-11-21T18:15:00.000Z',
    ],
    // US spring forward, 2026-03-08 02:00 → 03:00: the day before is EST, the day after EDT.
    [
      'the day before spring forward',
      '2026-03-07T00:00:00Z',
      daily('08:00', 'America/New_York'),
      '2026-03-07T13:00:00.000Z',
    ],
    [
      'the spring-forward day keeps 08:00 local',
      '2026-03-07T14:00:00Z',
      daily('08:00', 'America/New_York'),
      '2026-03-08T12:00:00.000Z',
    ],
    [
      'a slot inside the skipped hour goes out just after the jump',
      '2026-03-07T14:00:00Z',
      daily('02:30', 'America/New_York'),
      '2026-03-08T07:30:00.000Z',
    ],
    // US fall back, 2026-11-01 02:00 → 01:00: 01:30 happens twice; the first counts, once.
    [
      'a repeated hour takes its first occurrence',
      '2026-10-31T12:00:00Z',
      daily('01:30', 'America/New_York'),
      '2026-11-01T05:30:00.000Z',
    ],
    [
      'and is not sent again in the repeat',
      '2026-11-01T05:30:00Z',
      daily('01:30', 'America/New_York'),
      '2026-11-02T06:30:00.000Z',
    ],
    // Europe: last Sunday of March 2026 is the 29th, 02:00 → 03:00 in Berlin.
    [
      'Berlin across its spring change',
      '2026-03-28T08:00:00Z',
      daily('08:00', 'Europe/Berlin'),
      '2026-03-29T06:00:00.000Z',
    ],
  ])('%s', (_name, after, schedule, expected) => {
    expect(nextSlotAfter(new Date(after), schedule).toISOString()).toBe(expected);
  });

  test('weekly goes out on the chosen local weekday', () => {
    // 2026-11-21 is a Saturday. Monday 09:00 in Sydney (UTC+11 in November) is Sunday 22:00 UTC.
    const schedule: DigestSchedule = {
      frequency: 'weekly',
      time: '09:00',
      timezone: 'Australia/Sydney',
      weekday: 1,
    };
    const slot = nextSlotAfter(new Date('2026-11-21T12:00:00Z'), schedule);
    expect(slot.toISOString()).toBe('2026-11-22T22:00:00.000Z');
    expect(nextSlotAfter(slot, schedule).toISOString()).toBe('2026-11-29T22:00:00.000Z');
  });

  test("weekly on today's weekday waits a week once the time has passed", () => {
    const schedule: DigestSchedule = {
      frequency: 'weekly',
      time: '08:00',
      timezone: 'UTC',
      weekday: 6,
    };
    expect(nextSlotAfter(new Date('2026-11-21T07:59:00Z'), schedule).toISOString()).toBe(
      '2026-11-21T08:00:00.000Z',
    );
    expect(nextSlotAfter(new Date('2026-11-21T08:01:00Z'), schedule).toISOString()).toBe(
      '2026-11-28T08:00:00.000Z',
    );
  });
});

describe('nextSlotAfter, instant', () => {
  test.each([
    ['mid-window: the next 5-minute boundary', '2026-11-21T12:03:10Z', 5, '2026-11-21T12:05:00Z'],
    ['on a boundary: the one after', '2026-11-21T12:05:00Z', 5, '2026-11-21T12:10:00Z'],
    ['a 1-minute window', '2026-11-21T23:59:30Z', 1, '2026-11-22T00:00:00Z'],
  ])('%s', (_, after, minutes, expected) => {
    const schedule = {
      frequency: 'instant' as const,
      instantMinutes: minutes,
      time: '08:00',
      timezone: 'Asia/Kolkata',
      weekday: 1,
    };
    expect(nextSlotAfter(new Date(after), schedule).toISOString()).toBe(
      new Date(expected).toISOString(),
    );
  });
});

describe('firstDueSlot', () => {
  const schedule = daily('08:00', 'UTC');
  test('a slot before the settings were saved is not due', () => {
    const slot = firstDueSlot(schedule, {
      lastSent: null,
      savedAt: new Date('2026-11-21T09:00:00Z'),
    });
    expect(slot.toISOString()).toBe('2026-11-22T08:00:00.000Z');
  });
  test('the later of lastSent and the save counts', () => {
    const slot = firstDueSlot(schedule, {
      lastSent: new Date('2026-11-22T08:00:30Z'),
      savedAt: new Date('2026-11-21T09:00:00Z'),
    });
    expect(slot.toISOString()).toBe('2026-11-23T08:00:00.000Z');
  });
});

test.each([
  ['UTC', true],
  ['Europe/Paris', true],
  ['America/Argentina/Buenos_Aires', true],
  ['Mars/Olympus', false],
  ['', false],
])('isValidTimezone(%j) is %s', (zone, valid) => {
  expect(isValidTimezone(zone)).toBe(valid);
});
