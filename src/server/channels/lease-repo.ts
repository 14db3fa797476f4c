import { and, asc, eq, exists, inArray, isNull, lt, lte, min, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { channelDeliveries, channels } from '../db/schema';
import { at } from './outbox-repo';

// The delivery job's side of the outbox (decision 012): leasing due channels with their rows,
// renewing those leases while sending, and settling what the sends did, in bulk.

/**
 * Leases up to `maxChannels` channels that may be sent to now and have due deliveries, with up
 * to `maxDeliveries` of each (oldest first), for `owner`. The channels are locked (SKIP LOCKED,
 * so workers take different ones) and held by `send_after` until the lease ends: one target is
 * sent to by one worker at a time, and its pacing holds across workers. One transaction, four
 * statements, however many channels: the job leases many at once (bench:deliver).
 */
export async function leaseDue(
  db: Db,
  owner: string,
  now: Date,
  options: { leaseMs: number; maxChannels: number; maxDeliveries: number },
) {
  return db.transaction(async (tx) => {
    const due = and(
      eq(channelDeliveries.status, 'pending'),
      lte(channelDeliveries.nextAttemptAt, now),
      or(isNull(channelDeliveries.leaseUntil), lt(channelDeliveries.leaseUntil, now)),
    );
    const locked = await tx
      .select()
      .from(channels)
      .where(
        and(
          eq(channels.isPaused, false),
          or(isNull(channels.sendAfter), lte(channels.sendAfter, now)),
          exists(
            tx
              .select({ one: sql`1` })
              .from(channelDeliveries)
              .where(and(eq(channelDeliveries.channelId, channels.id), due)),
          ),
        ),
      )
      .orderBy(asc(channels.sendAfter), asc(channels.id))
      .limit(options.maxChannels)
      .for('update', { skipLocked: true });
    if (locked.length === 0) return { channels: [], deliveries: [] };
    const ids = locked.map((c) => c.id);
    const leaseUntil = new Date(now.getTime() + options.leaseMs);
    await tx.update(channels).set({ sendAfter: leaseUntil }).where(inArray(channels.id, ids));
    const ranked = tx
      .select({
        id: channelDeliveries.id,
        rank: sql<number>`row_number() over (partition by ${channelDeliveries.channelId} order by ${channelDeliveries.id})`.as(
          'rank',
        ),
      })
      .from(channelDeliveries)
      .where(and(due, inArray(channelDeliveries.channelId, ids)))
      .as('ranked');
    const deliveries = await tx
      .update(channelDeliveries)
      .set({ leaseOwner: owner, leaseUntil })
      .where(
        inArray(
          channelDeliveries.id,
          // Rows a late settlement of another worker is writing are skipped, not waited for
          // (waiting deadlocked with it: it locks these rows, then the channel held here).
          tx
            .select({ id: channelDeliveries.id })
            .from(channelDeliveries)
            .where(
              inArray(
                channelDeliveries.id,
                tx
                  .select({ id: ranked.id })
                  .from(ranked)
                  .where(lte(ranked.rank, options.maxDeliveries)),
              ),
            )
            .for('update', { skipLocked: true }),
        ),
      )
      .returning();
    deliveries.sort((a, b) => a.id - b.id);
    return { channels: locked, deliveries };
  });
}

/**
 * When the earliest pending delivery is due (a retry's next attempt), or null when none is
 * pending: an idle delivery run sleeps until then. A time past means one is due now, though
 * it may be held (its channel's pacing, another worker's lease). One read of the due index.
 */
export async function nextDueAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(channelDeliveries.nextAttemptAt) })
    .from(channelDeliveries)
    .where(eq(channelDeliveries.status, 'pending'));
  return row?.at ?? null;
}

/**
 * Extends `owner`'s leases on the channels it is still sending to, and on their deliveries it
 * still holds, to `until`. A worker renews while it sends, so leases can be short: a crashed
 * worker's channels are free again within one lease, not one send timeout and more. A channel
 * settled meanwhile holds no delivery of `owner` any more and is left alone. Rows locked right
 * now (being settled) are skipped rather than waited for: waiting deadlocked with the settle
 * writes, which lock the same rows in another order, and PostgreSQL then aborted a settle.
 */
export async function renewLeases(db: DbOrTx, owner: string, channelIds: number[], until: Date) {
  if (channelIds.length === 0) return;
  await db.execute(sql`
    with renewed as (
      update ${channelDeliveries} set lease_until = ${at(until)}
      where id in (
        select id from ${channelDeliveries}
        where lease_owner = ${owner} and status = 'pending'
          and ${inArray(channelDeliveries.channelId, channelIds)}
        for update skip locked)
      returning channel_id
    )
    update ${channels} set send_after = ${at(until)}
    where id in (
      select id from ${channels} where id in (select channel_id from renewed)
      for update skip locked)`);
}

/**
 * What became of a leased delivery: sent; tried and failed (`retry`: due again at `nextAt`, or
 * dead once queued before `giveUpBefore`); refused for good (`dead`); not sent because its
 * mention or alert is gone (`cancelled`); or not tried (`released`: due again at `nextAt`).
 */
export type DeliveryOutcome = { id: number; at: Date } & (
  | { outcome: 'sent'; status: number }
  | { outcome: 'retry'; error: string; status?: number; nextAt: Date; giveUpBefore: Date }
  | { outcome: 'dead'; error: string; status?: number }
  | { outcome: 'cancelled' }
  | { outcome: 'released'; nextAt: Date }
);

/** After sends to a channel: when it may be sent to again, and what happened last. */
export type ChannelOutcome = {
  id: number;
  sendAfter: Date;
  lastDeliveryAt?: Date;
  /** undefined: unchanged; null: cleared by a success. */
  lastError?: string | null;
};

/**
 * Settles many deliveries and channels in one statement (two data-modifying CTEs), whatever
 * their outcomes. Only rows still leased by `owner` change, and only channels with such rows:
 * a lease another worker took over after this one expired is left alone.
 */
export async function settle(
  db: DbOrTx,
  owner: string,
  deliveries: DeliveryOutcome[],
  channelOutcomes: ChannelOutcome[] = [],
) {
  if (deliveries.length === 0 && channelOutcomes.length === 0) return;
  const rows = deliveries.map((d) => ({
    id: d.id,
    outcome: d.outcome,
    at: d.at.toISOString(),
    next_at: 'nextAt' in d ? d.nextAt.toISOString() : null,
    give_up_before: 'giveUpBefore' in d ? d.giveUpBefore.toISOString() : null,
    error: 'error' in d ? d.error : null,
    status: 'status' in d ? (d.status ?? null) : null,
  }));
  const channelRows = channelOutcomes.map((c) => ({
    id: c.id,
    send_after: c.sendAfter.toISOString(),
    last_delivery_at: c.lastDeliveryAt?.toISOString() ?? null,
    set_error: c.lastError !== undefined,
    last_error: c.lastError ?? null,
  }));
  const tried = sql`v.outcome in ('sent', 'dead', 'retry')`;
  const givenUp = sql`(v.outcome = 'retry' and d.created_at < v.give_up_before)`;
  await db.execute(sql`
    with settled_deliveries as (
      update ${channelDeliveries} d set
        status = case
          when v.outcome in ('sent', 'dead', 'cancelled') then v.outcome
          when ${givenUp} then 'dead'
          else 'pending' end,
        attempts = d.attempts + case when ${tried} then 1 else 0 end,
        sent_at = case when v.outcome = 'sent' then v.at else d.sent_at end,
        -- A dead letter's next_attempt_at is when it died (the dead letters list's failedAt).
        next_attempt_at = case
          when v.outcome = 'dead' or ${givenUp} then v.at
          when v.outcome = 'retry' then v.next_at
          when v.outcome = 'released' then greatest(d.next_attempt_at, v.next_at)
          else d.next_attempt_at end,
        last_error = case when ${tried} then v.error else d.last_error end,
        last_status = case when ${tried} then v.status else d.last_status end,
        lease_owner = null,
        lease_until = null
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
        id int, outcome text, at timestamptz, next_at timestamptz, give_up_before timestamptz,
        error text, status int)
      where d.id = v.id and d.status = 'pending' and d.lease_owner = ${owner}
      returning d.channel_id
    ), settled_channels as (
      update ${channels} c set
        send_after = v.send_after,
        last_delivery_at = coalesce(v.last_delivery_at, c.last_delivery_at),
        last_error = case when v.set_error then v.last_error else c.last_error end
      from jsonb_to_recordset(${JSON.stringify(channelRows)}::jsonb) as v(
        id int, send_after timestamptz, last_delivery_at timestamptz, set_error boolean,
        last_error text)
      -- Only a channel this worker still held: one whose lease passed to another worker keeps
      -- that worker's hold.
      where c.id = v.id and c.id in (select channel_id from settled_deliveries)
      returning 1
    )
    select (select count(*) from settled_deliveries) as deliveries,
      (select count(*) from settled_channels) as channels`);
}
