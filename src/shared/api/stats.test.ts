import { describe, expect, test } from 'vitest';
import { estimateVolume } from '../volume-estimate';
import { keywordsOverPace, type Stats } from './stats';

const HOUR = 3_600_000;

/** Each keyword's live matches over the last `spanMs` (null: none yet). */
const stats = (monthlyMentions: number | null, paces: ([number, number] | null)[]): Stats => ({
  activeAlerts: paces.length,
  todayMentions: 0,
  repliedCount: 0,
  monthMentions: 0,
  skippedMentions: 0,
  limits: { activeKeywords: 3, monthlyMentions, seats: 1 },
  keywordUsage: paces.map((pace, i) => {
    const estimate = pace && estimateVolume(pace[0], pace[1]);
    return {
      alertId: i + 1,
      keyword: `k${i + 1}`,
      monthMentions: 5,
      perDay: estimate && Math.round(estimate.perDay),
      estimate,
    };
  }),
});

describe('keywordsOverPace', () => {
  test.each([
    ['a steady pace reaching the monthly quota in a day', 50, [[100, 24 * HOUR]], ['k1']],
    ['a pace whose whole range reaches it', 50, [[5, HOUR / 6]], ['k1']],
    // 10 in a day points at the quota's pace, but its range reaches below: no alarm yet.
    ['a range reaching below the quota', 50, [[10, 5 * HOUR]], []],
    ['too few matches to tell', 50, [[4, HOUR / 60]], []],
    ['no live match yet', 50, [null], []],
    ['every keyword under the pace', 50, [[40, 24 * HOUR]], []],
    ['no monthly limit (Pro)', null, [[5000, HOUR]], []],
  ] as const)('%s', (_, limit, paces, expected) => {
    const given = paces.map((p) => (p ? ([p[0], p[1]] as [number, number]) : null));
    expect(keywordsOverPace(stats(limit, given)).map((k) => k.keyword)).toEqual(expected);
  });
});
