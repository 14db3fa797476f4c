import { expect, test } from 'vitest';
import { csvFilename } from './csv';

// The cells' rules are the shared ones (src/shared/csv.test.ts).
test('the file is named after the table and the period', () => {
  expect(csvFilename('per-day', 30)).toBe('earshot-analytics-per-day-30d.csv');
});
