import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { alertChannels, channels } from '../db/schema';
import { cancelPendingDeliveries } from './outbox-repo';

export type ChannelRow = typeof channels.$inferSelect;

export function listChannels(db: DbOrTx, workspaceId: number) {
  return db
    .select()
    .from(channels)
    .where(eq(channels.workspaceId, workspaceId))
    .orderBy(asc(channels.createdAt), asc(channels.id));
}

export async function countChannels(db: DbOrTx, workspaceId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(channels)
    .where(eq(channels.workspaceId, workspaceId));
  return row.n;
}

/** The channel if it belongs to the user; someone else's is as absent as a missing one. */
export async function findOwnedChannel(db: DbOrTx, workspaceId: number, id: number) {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.id, id), eq(channels.workspaceId, workspaceId)));
  return row;
}

export async function insertChannel(
  db: DbOrTx,
  values: Pick<
    typeof channels.$inferInsert,
    'workspaceId' | 'kind' | 'name' | 'target' | 'token' | 'signingSecret' | 'createdAt'
  >,
) {
  const [row] = await db.insert(channels).values(values).returning();
  return row;
}

export async function updateChannel(
  db: DbOrTx,
  workspaceId: number,
  id: number,
  values: Partial<
    Pick<
      ChannelRow,
      'name' | 'isPaused' | 'pausedReason' | 'signingSecret' | 'lastDeliveryAt' | 'lastError'
    >
  >,
) {
  const [row] = await db
    .update(channels)
    .set(values)
    .where(and(eq(channels.id, id), eq(channels.workspaceId, workspaceId)))
    .returning();
  return row;
}

export async function deleteChannel(db: DbOrTx, workspaceId: number, id: number) {
  const rows = await db
    .delete(channels)
    .where(and(eq(channels.id, id), eq(channels.workspaceId, workspaceId)))
    .returning({ id: channels.id });
  return rows.length > 0;
}

/** Of `ids`, those that are the user's channels. */
export async function ownedChannelIds(db: DbOrTx, workspaceId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.workspaceId, workspaceId), inArray(channels.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/** Replaces an alert's channels; pending deliveries to a channel it no longer uses are cancelled. */
export async function setAlertChannels(tx: DbOrTx, alertId: number, ids: number[]) {
  const removed = await tx
    .delete(alertChannels)
    .where(
      ids.length
        ? and(eq(alertChannels.alertId, alertId), notInArray(alertChannels.channelId, ids))
        : eq(alertChannels.alertId, alertId),
    )
    .returning({ channelId: alertChannels.channelId });
  if (ids.length) {
    await tx
      .insert(alertChannels)
      .values(ids.map((channelId) => ({ alertId, channelId })))
      .onConflictDoNothing();
  }
  if (removed.length) {
    await cancelPendingDeliveries(tx, { alertId, channelIds: removed.map((r) => r.channelId) });
  }
}

/** Each alert's channel ids, in id order. */
export async function channelIdsByAlert(db: DbOrTx, alertIds: number[]) {
  const map = new Map<number, number[]>(alertIds.map((id) => [id, []]));
  if (alertIds.length === 0) return map;
  const rows = await db
    .select()
    .from(alertChannels)
    .where(inArray(alertChannels.alertId, alertIds))
    .orderBy(asc(alertChannels.channelId));
  for (const row of rows) map.get(row.alertId)?.push(row.channelId);
  return map;
}
