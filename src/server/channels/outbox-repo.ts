import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { alertChannels, alerts, channelDeliveries, channels, mentions } from '../db/schema';

// The outbox (decision 012): deliveries queued with their mentions, leased, settled, and the
// channel-level writes the delivery job makes (pacing, pausing).

export type DeliveryRow = typeof channelDeliveries.$inferSelect;

/** A timestamp parameter typed for PostgreSQL (a bare ISO string is text). */
export const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * The channel a delivery made due at once is announced on, when its transaction commits: idle
 * delivery runs wait on it (and on the next due time they know of) instead of looking often.
 */
export const DELIVERIES_CHANNEL = 'earshot_deliveries';

/** Pending deliveries of an alert (paused or switched off) or of a channel are not sent. */
export async function cancelPendingDeliveries(
  db: DbOrTx,
  where: { alertId: number; channelIds?: number[] } | { channelId: number },
) {
  const scope =
    'alertId' in where
      ? and(
          eq(channelDeliveries.alertId, where.alertId),
          where.channelIds ? inArray(channelDeliveries.channelId, where.channelIds) : undefined,
        )
      : eq(channelDeliveries.channelId, where.channelId);
  await db
    .update(channelDeliveries)
    .set({ status: 'cancelled', leaseOwner: null, leaseUntil: null })
    .where(and(eq(channelDeliveries.status, 'pending'), scope));
}

/**
 * The outbox write, inside the transaction that stored the mentions: one delivery per (mention,
 * channel of its alert that is not paused), in one INSERT … SELECT. A mention already removed
 * on Reddit is not sent, nor one stored hidden as likely irrelevant (decision 014); a backfilled
 * one (the past week's search of a new alert) only when it is under a day old, so that a new
 * keyword does not flood a channel with last week.
 */
export async function enqueueDeliveries(tx: DbOrTx, mentionIds: number[], now: Date) {
  if (mentionIds.length === 0) return;
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  await tx.execute(sql`
    with queued as (
      insert into ${channelDeliveries} (channel_id, mention_id, alert_id, next_attempt_at, created_at)
      select ${alertChannels.channelId}, ${mentions.id}, ${mentions.alertId}, ${at(now)}, ${at(now)}
      from ${mentions}
      join ${alertChannels} on ${alertChannels.alertId} = ${mentions.alertId}
      join ${channels} on ${channels.id} = ${alertChannels.channelId} and not ${channels.isPaused}
      where ${inArray(mentions.id, mentionIds)}
        and ${mentions.removedAt} is null
        and not ${mentions.hidden}
        and (not ${mentions.isBackfilled} or ${mentions.redditCreatedAt} > ${at(dayAgo)})
      on conflict (mention_id, channel_id) do nothing
      returning 1
    )
    select pg_notify(${DELIVERIES_CHANNEL}, '') where exists (select from queued)`);
}

/** The target is gone: the channel is paused with the reason and its pending deliveries cancelled. */
export async function pauseChannel(db: Db, id: number, reason: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(channels)
      .set({ isPaused: true, pausedReason: reason, lastError: reason, sendAfter: null })
      .where(eq(channels.id, id));
    await cancelPendingDeliveries(tx, { channelId: id });
  });
}

export function alertKeywords(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: alerts.id, keyword: alerts.keyword })
    .from(alerts)
    .where(inArray(alerts.id, ids));
}

/** The user's newest dead letters, with what they were about. */
export function deadLetters(db: DbOrTx, workspaceId: number, limit: number) {
  return db
    .select({
      id: channelDeliveries.id,
      channelId: channelDeliveries.channelId,
      channelName: channels.name,
      channelKind: channels.kind,
      mentionId: channelDeliveries.mentionId,
      alertId: channelDeliveries.alertId,
      keyword: alerts.keyword,
      title: mentions.title,
      subreddit: mentions.subreddit,
      attempts: channelDeliveries.attempts,
      reason: channelDeliveries.lastError,
      createdAt: channelDeliveries.createdAt,
      failedAt: channelDeliveries.nextAttemptAt,
    })
    .from(channelDeliveries)
    .innerJoin(channels, eq(channels.id, channelDeliveries.channelId))
    .innerJoin(mentions, eq(mentions.id, channelDeliveries.mentionId))
    .innerJoin(alerts, eq(alerts.id, channelDeliveries.alertId))
    .where(and(eq(channels.workspaceId, workspaceId), eq(channelDeliveries.status, 'dead')))
    .orderBy(desc(channelDeliveries.id))
    .limit(limit);
}

export async function findOwnedDeadLetter(db: DbOrTx, workspaceId: number, id: number) {
  const [row] = await db
    .select({ id: channelDeliveries.id, channel: channels })
    .from(channelDeliveries)
    .innerJoin(channels, eq(channels.id, channelDeliveries.channelId))
    .where(
      and(
        eq(channelDeliveries.id, id),
        eq(channels.workspaceId, workspaceId),
        eq(channelDeliveries.status, 'dead'),
      ),
    );
  return row;
}

/** A dead letter queued again: due now, with a fresh day of retries. */
export async function requeue(db: Db, id: number, now: Date) {
  await db.transaction(async (tx) => {
    const queued = await tx
      .update(channelDeliveries)
      .set({
        status: 'pending',
        nextAttemptAt: now,
        createdAt: now,
        attempts: 0,
        leaseOwner: null,
        leaseUntil: null,
      })
      .where(and(eq(channelDeliveries.id, id), eq(channelDeliveries.status, 'dead')))
      .returning({ id: channelDeliveries.id });
    if (queued.length > 0) await tx.execute(sql`select pg_notify(${DELIVERIES_CHANNEL}, '')`);
  });
}
