import { expect, test } from 'vitest';
import { intervalLabel } from './monitoring-format';

test.each([
  [1, '1 s'],
  [1.46, '1.5 s'],
  [9.94, '9.9 s'],
  [20.291, '20 s'],
  [119.4, '119 s'],
  [240, '4 min'],
  [1800, '30 min'],
])('a read interval of %s seconds reads "%s"', (seconds, label) => {
  expect(intervalLabel(seconds)).toBe(label);
});
