import { describe, expect, test } from 'vitest';
import { BUILTIN_FREE_PLAN, isMonthlyQuotaReached, limitsOrFree } from './builtin-plans';

describe('isMonthlyQuotaReached', () => {
  test.each([
    { used: 0, monthlyMentions: 50, reached: false },
    { used: 49, monthlyMentions: 50, reached: false },
    { used: 50, monthlyMentions: 50, reached: true },
    { used: 73, monthlyMentions: 50, reached: true },
    { used: 10_000, monthlyMentions: null, reached: false },
  ])(
    '$used mentions against a limit of $monthlyMentions: reached $reached',
    ({ used, monthlyMentions, reached }) => {
      expect(isMonthlyQuotaReached({ activeKeywords: 3, monthlyMentions, seats: 1 }, used)).toBe(
        reached,
      );
    },
  );
});

describe('limitsOrFree', () => {
  test.each([
    { stored: { activeKeywords: null, monthlyMentions: null, seats: 5 }, read: 'as stored' },
    { stored: { activeKeywords: 10, monthlyMentions: 500, seats: 3 }, read: 'as stored' },
    { stored: undefined, read: 'Free' },
    { stored: { activeKeywords: 'lots' }, read: 'Free' },
    { stored: '{"activeKeywords":null}', read: 'Free' },
  ])('$stored reads $read (a damaged row fails closed)', ({ stored, read }) => {
    expect(limitsOrFree(stored)).toEqual(read === 'Free' ? BUILTIN_FREE_PLAN.limits : stored);
  });

  test('a row from before seats were a limit has one seat', () => {
    expect(limitsOrFree({ activeKeywords: 3, monthlyMentions: 50 })).toEqual({
      activeKeywords: 3,
      monthlyMentions: 50,
      seats: 1,
    });
  });
});
