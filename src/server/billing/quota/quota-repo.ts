import { and, countDistinct, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mentionQuotaSkips, mentions, users } from '../../db/schema';

/**
 * Locks the users' rows until the transaction ends, in id order so that two transactions
 * locking overlapping sets cannot deadlock.
 */
export async function lockUsers(tx: DbOrTx, userIds: number[]) {
  const ids = [...userIds].sort((a, b) => a - b);
  await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.id)
    .for('update');
}

/**
 * Distinct Reddit items stored for each of the users since `since` (users with none are left
 * out): an item stored for two keywords counts once.
 */
export function countItemsSince(tx: DbOrTx, userIds: number[], since: Date) {
  return tx
    .select({ userId: mentions.userId, n: countDistinct(mentions.itemId) })
    .from(mentions)
    .where(and(inArray(mentions.userId, userIds), gte(mentions.createdAt, since)))
    .groupBy(mentions.userId);
}

/** Which of these (user, item) pairs the user already holds a mention of since `since`. */
export async function itemsHeldSince(
  tx: DbOrTx,
  charges: { userId: number; itemId: string }[],
  since: Date,
) {
  if (charges.length === 0) return [];
  const userIds = [...new Set(charges.map((c) => c.userId))];
  const itemIds = [...new Set(charges.map((c) => c.itemId))];
  return tx
    .selectDistinct({ userId: mentions.userId, itemId: mentions.itemId })
    .from(mentions)
    .where(
      and(
        inArray(mentions.userId, userIds),
        inArray(mentions.itemId, itemIds),
        gte(mentions.createdAt, since),
      ),
    );
}

/** Adds `skipped` to the user's count of matches not stored in `month`. */
export async function addQuotaSkips(tx: DbOrTx, userId: number, month: Date, skipped: number) {
  await tx
    .insert(mentionQuotaSkips)
    .values({ userId, month, skipped })
    .onConflictDoUpdate({
      target: [mentionQuotaSkips.userId, mentionQuotaSkips.month],
      set: { skipped: sql`${mentionQuotaSkips.skipped} + ${skipped}` },
    });
}
