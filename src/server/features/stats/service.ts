import type { Stats } from '@shared/api/stats';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { limitsForUser } from '../plans/service';
import { countStats } from './repo';

/** "Today" and "this month" are UTC (DESIGN.md §2) until digests give users a timezone. */
export async function getStats(deps: { db: Db; clock: Clock }, userId: number): Promise<Stats> {
  const now = deps.clock.now();
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const counts = await countStats(deps.db, userId, dayStart, monthStart);
  return {
    activeAlerts: counts.activeAlerts,
    todayMentions: counts.today,
    repliedCount: counts.replied,
    monthMentions: counts.month,
    skippedMentions: counts.skipped,
    limits: await limitsForUser(deps.db, userId),
  };
}
