import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { alerts, liveAlert, mentionQuotaSkips, mentions } from '../../db/schema';

export async function countStats(db: DbOrTx, userId: number, dayStart: Date, monthStart: Date) {
  const [alertRow] = await db
    .select({ active: count() })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), liveAlert));
  const [mentionRow] = await db
    .select({
      today:
        sql<number>`count(*) filter (where ${mentions.createdAt} >= ${dayStart.toISOString()})`.mapWith(
          Number,
        ),
      replied: sql<number>`count(*) filter (where ${mentions.hasReplied})`.mapWith(Number),
      month:
        sql<number>`count(*) filter (where ${mentions.createdAt} >= ${monthStart.toISOString()})`.mapWith(
          Number,
        ),
    })
    .from(mentions)
    .where(eq(mentions.userId, userId));
  const [skipRow] = await db
    .select({ skipped: mentionQuotaSkips.skipped })
    .from(mentionQuotaSkips)
    .where(and(eq(mentionQuotaSkips.userId, userId), eq(mentionQuotaSkips.month, monthStart)));
  return { activeAlerts: alertRow.active, ...mentionRow, skipped: skipRow?.skipped ?? 0 };
}
