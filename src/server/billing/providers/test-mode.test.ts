import { describe, expect, test } from 'vitest';
import { addMonth } from './test-mode';

describe('addMonth', () => {
  test.each([
    ['2026-11-21T12:00:00.000Z', '2026-12-21T12:00:00.000Z'],
    ['2026-12-15T00:00:00.000Z', '2027-01-15T00:00:00.000Z'],
    ['2027-01-31T08:30:00.000Z', '2027-02-28T08:30:00.000Z'],
    ['2028-01-31T08:30:00.000Z', '2028-02-29T08:30:00.000Z'],
    ['2027-03-31T23:59:59.000Z', '2027-04-30T23:59:59.000Z'],
  ])('a month after %s is %s', (from, to) => {
    expect(addMonth(new Date(from)).toISOString()).toBe(to);
  });
});
