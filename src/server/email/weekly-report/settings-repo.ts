import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { digestConfigs, users } from '../../db/schema';
import { reportSlotAfter } from './schedule';

/**
 * Turns the user's weekly report on (its slot the next Monday 08:00 in their timezone, or kept
 * when it was on already, so saving twice on a Monday morning skips nothing) or off.
 */
export async function setWeeklyReport(db: DbOrTx, userId: number, isActive: boolean, now: Date) {
  const [user] = await db
    .select({ timezone: users.timezone })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const next = reportSlotAfter(now, user.timezone);
  await db
    .update(digestConfigs)
    .set({
      weeklyReport: isActive,
      weeklyReportAt: isActive
        ? sql`case when ${digestConfigs.weeklyReport} then coalesce(${digestConfigs.weeklyReportAt}, ${next.toISOString()}::timestamptz) else ${next.toISOString()}::timestamptz end`
        : null,
    })
    .where(eq(digestConfigs.userId, userId));
}
