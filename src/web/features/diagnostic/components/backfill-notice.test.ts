import type { AlertMonitoring } from '@shared/api/diagnostic';
import { describe, expect, test } from 'vitest';
import { backfillLine } from './backfill-notice';

const backfill = (fields: Partial<NonNullable<AlertMonitoring['backfill']>>) => ({
  status: 'done',
  stored: 0,
  overQuota: 0,
  attempts: 1,
  lastError: null,
  finishedAt: '2026-11-27T10:00:00Z',
  ...fields,
});

describe('the line after a keyword is created', () => {
  test.each([
    [null, 'Searching the past week…'],
    [backfill({ status: 'pending', finishedAt: null }), 'Searching the past week…'],
    [backfill({ stored: 12 }), 'Found 12 from the past week.'],
    [backfill({ stored: 0 }), 'Nothing from the past week; new posts will show here.'],
    [
      backfill({ stored: 2, overQuota: 3 }),
      "Found 2 from the past week (3 more not saved: this month's mentions are used up).",
    ],
    [
      backfill({ overQuota: 4 }),
      "4 from the past week not saved: this month's mentions are used up.",
    ],
    [backfill({ status: 'failed' }), 'Could not search the past week; new posts still count.'],
  ])('%j reads "%s"', (state, line) => {
    expect(backfillLine(state)).toBe(line);
  });
});
