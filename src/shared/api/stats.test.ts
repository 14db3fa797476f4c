import { describe, expect, test } from 'vitest';
import { keywordsOverPace, type Stats } from './stats';

const stats = (monthlyMentions: number | null, paces: (number | null)[]): Stats => ({
  activeAlerts: paces.length,
  todayMentions: 0,
  repliedCount: 0,
  monthMentions: 0,
  skippedMentions: 0,
  limits: { activeKeywords: 3, monthlyMentions },
  keywordUsage: paces.map((perDay, i) => ({
    alertId: i + 1,
    keyword: `k${i + 1}`,
    monthMentions: 5,
    perDay,
  })),
});

describe('keywordsOverPace', () => {
  test.each([
    ['a pace reaching the monthly quota in a day', 50, [50, 49], ['k1']],
    ['too few matches to tell', 50, [null], []],
    ['every keyword under the pace', 50, [10, 3], []],
    ['no monthly limit (Pro)', null, [5000], []],
  ] as const)('%s', (_, limit, paces, expected) => {
    expect(keywordsOverPace(stats(limit, [...paces])).map((k) => k.keyword)).toEqual(expected);
  });
});
