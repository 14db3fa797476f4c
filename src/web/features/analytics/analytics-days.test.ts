import { describe, expect, test } from 'vitest';
import { daysFromSearch } from './analytics-days';

describe('the period in the URL', () => {
  test.each([
    ['', 30],
    ['?days=7', 7],
    ['?days=30', 30],
    ['?days=90', 90],
    ['?days=14', 30],
    ['?days=', 30],
    ['?days=7.0', 30],
    ['?days=90&tab=x', 90],
  ])('"%s" shows %d days', (search, expected) => {
    expect(daysFromSearch(new URLSearchParams(search))).toBe(expected);
  });
});
