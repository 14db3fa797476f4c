import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { alerts, liveAlert, mentions } from '../../db/schema';

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
  return { activeAlerts: alertRow.active, ...mentionRow };
}
