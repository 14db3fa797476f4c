import type { DbOrTx } from '../../db/client';
import { limitsForUsers } from '../plans/service';
import * as repo from './quota-repo';

// The monthly mentions quota of plan-limited users (docs/product.md §2, Plans and limits): its
// period is the UTC calendar month; matches past it are not stored but counted.

/** The start of the quota's month holding `now`: the first day of its UTC calendar month. */
export const quotaMonthStart = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * Reserves this month's mentions for `userIds` inside the caller's transaction: returns how
 * many more each plan-limited user may receive (users without a monthly limit are left out).
 * Their user rows stay locked until the transaction ends (in id order, so two workers cannot
 * deadlock), so that concurrent pages cannot overshoot the quota.
 */
export async function reserveMonthlyMentions(tx: DbOrTx, userIds: number[], now: Date) {
  const limited = new Map<number, number>();
  for (const [userId, limits] of await limitsForUsers(tx, userIds)) {
    if (limits.monthlyMentions !== null) limited.set(userId, limits.monthlyMentions);
  }
  if (limited.size === 0) return limited;
  const ids = [...limited.keys()];
  await repo.lockUsers(tx, ids);
  for (const row of await repo.countMentionsSince(tx, ids, quotaMonthStart(now))) {
    limited.set(row.userId, (limited.get(row.userId) ?? 0) - row.n);
  }
  return limited;
}

/** Counts, per user, the matches not stored this month for being over the quota. */
export async function recordQuotaSkips(tx: DbOrTx, skipped: Map<number, number>, now: Date) {
  const month = quotaMonthStart(now);
  for (const [userId, count] of skipped) await repo.addQuotaSkips(tx, userId, month, count);
}
