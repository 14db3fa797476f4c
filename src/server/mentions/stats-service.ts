import type { Stats } from '@shared/api/stats';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { startOfLocalDay } from '../lib/time-zones';
import { limitsForUser } from '../billing';
import * as repo from './stats-repo';

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
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const counts = await repo.countStats(
        db,
        user.id,
        startOfLocalDay(now, user.timezone),
        monthStart,
      );
      return { ...counts, limits: await limitsForUser(db, user.id) };
    },
  };
}
