import { expect, test } from 'vitest';
import { waitInWords } from './wait-in-words';

test.each([
  [0.2, '1 second'],
  [1, '1 second'],
  [45, '45 seconds'],
  [60, '1 minute'],
  [61, '2 minutes'],
  [3600, '1 hour'],
  [7000, '2 hours'],
])('%s s reads "%s"', (seconds, words) => {
  expect(waitInWords(seconds)).toBe(words);
});
