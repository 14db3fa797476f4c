import { and, countDistinct, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mentionQuotaSkips, mentions, workspaces } from '../../db/schema';

/**
 * Locks the workspaces' rows until the transaction ends, in id order so that two transactions
 * locking overlapping sets cannot deadlock.
 */
export async function lockWorkspaces(tx: DbOrTx, workspaceIds: number[]) {
  const ids = [...workspaceIds].sort((a, b) => a - b);
  await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(inArray(workspaces.id, ids))
    .orderBy(workspaces.id)
    .for('update');
}

/**
 * Distinct Reddit items stored for each of the users since `since` (users with none are left
 * out): an item stored for two keywords counts once.
 */
export function countItemsSince(tx: DbOrTx, workspaceIds: number[], since: Date) {
  return tx
    .select({ workspaceId: mentions.workspaceId, n: countDistinct(mentions.itemId) })
    .from(mentions)
    .where(and(inArray(mentions.workspaceId, workspaceIds), gte(mentions.createdAt, since)))
    .groupBy(mentions.workspaceId);
}

/** Which of these (user, item) pairs the user already holds a mention of since `since`. */
export async function itemsHeldSince(
  tx: DbOrTx,
  charges: { workspaceId: number; itemId: string }[],
  since: Date,
) {
  if (charges.length === 0) return [];
  const workspaceIds = [...new Set(charges.map((c) => c.workspaceId))];
  const itemIds = [...new Set(charges.map((c) => c.itemId))];
  return tx
    .selectDistinct({ workspaceId: mentions.workspaceId, itemId: mentions.itemId })
    .from(mentions)
    .where(
      and(
        inArray(mentions.workspaceId, workspaceIds),
        inArray(mentions.itemId, itemIds),
        gte(mentions.createdAt, since),
      ),
    );
}

/** Adds `skipped` to the user's count of matches not stored in `month`. */
export async function addQuotaSkips(tx: DbOrTx, workspaceId: number, month: Date, skipped: number) {
  await tx
    .insert(mentionQuotaSkips)
    .values({ workspaceId, month, skipped })
    .onConflictDoUpdate({
      target: [mentionQuotaSkips.workspaceId, mentionQuotaSkips.month],
      set: { skipped: sql`${mentionQuotaSkips.skipped} + ${skipped}` },
    });
}
