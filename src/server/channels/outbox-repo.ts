import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { alertChannels, alerts, channelDeliveries, channels, mentions } from '../db/schema';

// The outbox (decision 012): deliveries queued with their mentions, leased, settled, and the
// channel-level writes the delivery job makes (pacing, pausing).

export type DeliveryRow = typeof channelDeliveries.$inferSelect;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
/** Pending deliveries of an alert (paused or switched off) or of a channel are not sent. */
export async function cancelPending(
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
 * on Reddit is not sent; a backfilled one (the past week's search of a new alert) only when it
 * is under a day old, so that a new keyword does not flood a channel with last week.
 */
export async function enqueueDeliveries(tx: DbOrTx, mentionIds: number[], now: Date) {
  if (mentionIds.length === 0) return;
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  await tx.execute(sql`
    insert into ${channelDeliveries} (channel_id, mention_id, alert_id, next_attempt_at, created_at)
    select ${alertChannels.channelId}, ${mentions.id}, ${mentions.alertId}, ${at(now)}, ${at(now)}
    from ${mentions}
    join ${alertChannels} on ${alertChannels.alertId} = ${mentions.alertId}
    join ${channels} on ${channels.id} = ${alertChannels.channelId} and not ${channels.isPaused}
    where ${inArray(mentions.id, mentionIds)}
      and ${mentions.removedAt} is null
      and (not ${mentions.isBackfilled} or ${mentions.redditCreatedAt} > ${at(dayAgo)})
    on conflict (mention_id, channel_id) do nothing`);
}

/**
 * Leases due deliveries of up to `maxChannels` channels for `owner`: the channels are locked
 * (SKIP LOCKED, so several workers take different ones) and held by `send_after` for the lease,
 * so one target is sent to by one worker at a time and its pacing holds across workers.
 */
export async function leaseDue(
  db: Db,
  owner: string,
  now: Date,
  options: { leaseMs: number; maxChannels: number; maxDeliveries: number },
) {
  return db.transaction(async (tx) => {
    const leaseFree = or(
      isNull(channelDeliveries.leaseUntil),
      lt(channelDeliveries.leaseUntil, now),
    );
    const due = and(
      eq(channelDeliveries.status, 'pending'),
      lte(channelDeliveries.nextAttemptAt, now),
      leaseFree,
    );
    const sendable = and(
      eq(channels.isPaused, false),
      or(isNull(channels.sendAfter), lte(channels.sendAfter, now)),
    );
    // Channels that may be sent to now (a paced or held one would crowd out the others).
    const candidates = await tx
      .selectDistinct({ channelId: channelDeliveries.channelId })
      .from(channelDeliveries)
      .innerJoin(channels, eq(channels.id, channelDeliveries.channelId))
      .where(and(due, sendable))
      // Room to skip the ones other lanes and workers are locking right now.
      .limit(Math.max(50, options.maxChannels * 5));
    if (candidates.length === 0) return { channels: [], deliveries: [] };
    const locked = await tx
      .select()
      .from(channels)
      .where(
        and(
          inArray(
            channels.id,
            candidates.map((c) => c.channelId),
          ),
          sendable,
        ),
      )
      .orderBy(asc(channels.sendAfter), asc(channels.id))
      .limit(options.maxChannels)
      .for('update', { skipLocked: true });
    if (locked.length === 0) return { channels: [], deliveries: [] };
    const ids = locked.map((c) => c.id);
    const leaseUntil = new Date(now.getTime() + options.leaseMs);
    await tx.update(channels).set({ sendAfter: leaseUntil }).where(inArray(channels.id, ids));
    const chosen = tx
      .select({ id: channelDeliveries.id })
      .from(channelDeliveries)
      .where(and(due, inArray(channelDeliveries.channelId, ids)))
      .orderBy(asc(channelDeliveries.id))
      .limit(options.maxDeliveries)
      .for('update', { skipLocked: true });
    const deliveries = await tx
      .update(channelDeliveries)
      .set({ leaseOwner: owner, leaseUntil })
      .where(inArray(channelDeliveries.id, chosen))
      .returning();
    deliveries.sort((a, b) => a.id - b.id);
    return { channels: locked, deliveries };
  });
}

/** Only rows still leased by `owner` are settled: a lease another worker took over is left. */
const ownedPending = (ids: number[], owner: string) =>
  and(
    inArray(channelDeliveries.id, ids),
    eq(channelDeliveries.status, 'pending'),
    eq(channelDeliveries.leaseOwner, owner),
  );

export async function markSent(
  db: DbOrTx,
  ids: number[],
  owner: string,
  status: number,
  now: Date,
) {
  await db
    .update(channelDeliveries)
    .set({
      status: 'sent',
      sentAt: now,
      attempts: sql`${channelDeliveries.attempts} + 1`,
      lastStatus: status,
      lastError: null,
      leaseOwner: null,
      leaseUntil: null,
    })
    .where(ownedPending(ids, owner));
}

/** Tried and failed for now: due again at `nextAt`, or dead once older than `giveUpBefore`. */
export async function markRetry(
  db: DbOrTx,
  ids: number[],
  owner: string,
  failure: { error: string; status?: number; nextAt: Date; giveUpBefore: Date; now: Date },
) {
  const givenUp = sql`${channelDeliveries.createdAt} < ${at(failure.giveUpBefore)}`;
  await db
    .update(channelDeliveries)
    .set({
      status: sql`case when ${givenUp} then 'dead' else 'pending' end`,
      attempts: sql`${channelDeliveries.attempts} + 1`,
      // A dead letter's next_attempt_at is when it died (the dead letters list's failedAt).
      nextAttemptAt: sql`case when ${givenUp} then ${at(failure.now)} else ${at(failure.nextAt)} end`,
      lastError: failure.error,
      lastStatus: failure.status ?? null,
      leaseOwner: null,
      leaseUntil: null,
    })
    .where(ownedPending(ids, owner));
}

export async function markDead(
  db: DbOrTx,
  ids: number[],
  owner: string,
  failure: { error: string; status?: number; now: Date },
) {
  await db
    .update(channelDeliveries)
    .set({
      status: 'dead',
      nextAttemptAt: failure.now,
      attempts: sql`${channelDeliveries.attempts} + 1`,
      lastError: failure.error,
      lastStatus: failure.status ?? null,
      leaseOwner: null,
      leaseUntil: null,
    })
    .where(ownedPending(ids, owner));
}

export async function markCancelled(db: DbOrTx, ids: number[], owner: string) {
  await db
    .update(channelDeliveries)
    .set({ status: 'cancelled', leaseOwner: null, leaseUntil: null })
    .where(ownedPending(ids, owner));
}

/** Leased but not tried (the run stopped, or the channel must wait): due again at `nextAt`. */
export async function release(db: DbOrTx, ids: number[], owner: string, nextAt: Date) {
  await db
    .update(channelDeliveries)
    .set({
      nextAttemptAt: sql`greatest(${channelDeliveries.nextAttemptAt}, ${at(nextAt)})`,
      leaseOwner: null,
      leaseUntil: null,
    })
    .where(ownedPending(ids, owner));
}

/** After a run's sends to a channel: what happened last, and when it may be sent to again. */
export async function settleChannel(
  db: DbOrTx,
  id: number,
  values: { sendAfter: Date; lastDeliveryAt?: Date; lastError?: string | null },
) {
  await db.update(channels).set(values).where(eq(channels.id, id));
}

/** The target is gone: the channel is paused with the reason and its pending deliveries cancelled. */
export async function pauseChannel(db: Db, id: number, reason: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(channels)
      .set({ isPaused: true, pausedReason: reason, lastError: reason, sendAfter: null })
      .where(eq(channels.id, id));
    await cancelPending(tx, { channelId: id });
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
export function deadLetters(db: DbOrTx, userId: number, limit: number) {
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
    .where(and(eq(channels.userId, userId), eq(channelDeliveries.status, 'dead')))
    .orderBy(desc(channelDeliveries.id))
    .limit(limit);
}

export async function findOwnedDeadLetter(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select({ id: channelDeliveries.id, channel: channels })
    .from(channelDeliveries)
    .innerJoin(channels, eq(channels.id, channelDeliveries.channelId))
    .where(
      and(
        eq(channelDeliveries.id, id),
        eq(channels.userId, userId),
        eq(channelDeliveries.status, 'dead'),
      ),
    );
  return row;
}

/** A dead letter queued again: due now, with a fresh day of retries. */
export async function requeue(db: DbOrTx, id: number, now: Date) {
  await db
    .update(channelDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: now,
      createdAt: now,
      attempts: 0,
      leaseOwner: null,
      leaseUntil: null,
    })
    .where(and(eq(channelDeliveries.id, id), eq(channelDeliveries.status, 'dead')));
}
