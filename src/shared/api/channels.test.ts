import { describe, expect, test } from 'vitest';
import { maskTarget } from './channels';

describe('maskTarget', () => {
  test.each([
    ['slack', 'https://hooks.slack.com/services/T0/B0/abcdXYZ9', 'https://hooks.slack.com/…/XYZ9'],
    ['ntfy', 'https://ntfy.sh/ops', 'https://ntfy.sh/…/ops'],
    ['ntfy', 'https://ntfy.sh/ops/', 'https://ntfy.sh/…/ops'],
    ['telegram', '-1001234567890', '-1001234567890'],
  ] as const)('%s %s → %s', (kind, target, masked) => {
    expect(maskTarget(kind, target)).toBe(masked);
  });
});
