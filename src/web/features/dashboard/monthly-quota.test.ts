import { describe, expect, test } from 'vitest';
import { isMonthlyQuotaReached } from './monthly-quota';

describe('isMonthlyQuotaReached', () => {
  test.each([
    { monthMentions: 0, monthlyMentions: 50, reached: false },
    { monthMentions: 49, monthlyMentions: 50, reached: false },
    { monthMentions: 50, monthlyMentions: 50, reached: true },
    { monthMentions: 73, monthlyMentions: 50, reached: true },
    { monthMentions: 10_000, monthlyMentions: null, reached: false },
  ])(
    '$monthMentions mentions against a limit of $monthlyMentions: reached $reached',
    ({ monthMentions, monthlyMentions, reached }) => {
      const stats = { monthMentions, limits: { activeKeywords: 3, monthlyMentions } };
      expect(isMonthlyQuotaReached(stats)).toBe(reached);
    },
  );
});
