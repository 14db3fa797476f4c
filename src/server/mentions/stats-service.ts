import type { Stats } from '@shared/api/stats';
import { estimateVolume, type VolumeEstimate } from '@shared/volume-estimate';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { startOfLocalDay } from '../lib/time-zones';
import { limitsForWorkspace, quotaMonthStart } from '../billing';
import * as repo from './stats-repo';

/** Matches since the first one, over at least ten minutes (a burst is not a day's rate). */
const MIN_SPAN_MS = 10 * 60_000;

/** A keyword's pace, from its live matches this month; null before its first. */
export function keywordPace(
  row: { liveMentions: number; firstLive: Date | string | null },
  now: Date,
): VolumeEstimate | null {
  if (!row.firstLive) return null;
  const span = Math.max(MIN_SPAN_MS, now.getTime() - new Date(row.firstLive).getTime());
  return estimateVolume(row.liveMentions, span);
}

export type StatsService = ReturnType<typeof createStatsService>;

export function createStatsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /**
     * "Today" is the user's local day; "this month" is the UTC calendar month, the period of the
     * plan's mention quota: docs/product.md §2 (Plans and limits).
     */
    async get(user: { id: number; timezone: string }): Promise<Stats> {
      const now = clock.now();
      const monthStart = quotaMonthStart(now);
      const [counts, limits] = await Promise.all([
        repo.countStats(db, user.id, startOfLocalDay(now, user.timezone), monthStart),
        limitsForWorkspace(db, user.id),
      ]);
      const usage =
        limits.monthlyMentions === null ? [] : await repo.keywordUsage(db, user.id, monthStart);
      return {
        ...counts,
        limits,
        keywordUsage: usage.map((row) => {
          const estimate = keywordPace(row, now);
          const told = estimate && estimate.confidence !== 'too-few';
          return {
            alertId: row.alertId,
            keyword: row.keyword,
            monthMentions: row.monthMentions,
            perDay: told ? Math.round(estimate.perDay) : null,
            estimate,
          };
        }),
      };
    },
  };
}
