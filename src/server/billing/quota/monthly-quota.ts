import type { DbOrTx } from '../../db/client';
import { limitsForWorkspaces } from '../plans/service';
import * as repo from './quota-repo';

// The monthly mentions quota of plan-limited users (docs/product.md §2, Plans and limits): its
// period is the UTC calendar month; matches past it are not stored but counted. It counts
// items, not mentions: one Reddit item matching two of a user's keywords is stored for both
// but charged once (decision 025).

/** The start of the quota's month holding `now`: the first day of its UTC calendar month. */
export const quotaMonthStart = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** One match as the quota sees it: whose, and which Reddit item (its fullname). */
export type QuotaCharge = { workspaceId: number; itemId: string };

/**
 * Reserves this month's mentions for `workspaceIds` inside the caller's transaction: returns how
 * many more items each plan-limited user may receive (users without a monthly limit are left
 * out). Their user rows stay locked until the transaction ends (in id order, so two workers
 * cannot deadlock), so that concurrent pages cannot overshoot the quota.
 */
async function reserveMonthlyItems(tx: DbOrTx, workspaceIds: number[], now: Date) {
  const limited = new Map<number, number>();
  for (const [workspaceId, limits] of await limitsForWorkspaces(tx, workspaceIds)) {
    if (limits.monthlyMentions !== null) limited.set(workspaceId, limits.monthlyMentions);
  }
  if (limited.size === 0) return limited;
  const ids = [...limited.keys()];
  await repo.lockWorkspaces(tx, ids);
  for (const row of await repo.countItemsSince(tx, ids, quotaMonthStart(now))) {
    limited.set(row.workspaceId, (limited.get(row.workspaceId) ?? 0) - row.n);
  }
  return limited;
}

const keyOf = ({ workspaceId, itemId }: QuotaCharge) => `${workspaceId}\u0000${itemId}`;

/**
 * The matches within each plan-limited user's items left this month (taken in order), inside
 * the caller's transaction. An item the user already holds this month, or that an earlier
 * match of the same call took, costs nothing more; an item past the quota is not stored and
 * counted once as skipped, however many of the user's keywords it matched.
 */
export async function admitWithinMonthlyQuota<T>(
  tx: DbOrTx,
  matches: T[],
  chargeOf: (match: T) => QuotaCharge,
  now: Date,
): Promise<{ allowed: T[]; overQuota: number }> {
  const charges = matches.map(chargeOf);
  const left = await reserveMonthlyItems(tx, [...new Set(charges.map((c) => c.workspaceId))], now);
  const limited = charges.filter((charge) => left.has(charge.workspaceId));
  const held = new Set((await repo.itemsHeldSince(tx, limited, quotaMonthStart(now))).map(keyOf));
  const skippedItems = new Set<string>();
  const skipped = new Map<number, number>();
  const allowed = matches.filter((_, index) => {
    const charge = charges[index];
    const allowance = left.get(charge.workspaceId);
    const key = keyOf(charge);
    if (allowance === undefined || held.has(key)) return true;
    if (allowance <= 0) {
      if (!skippedItems.has(key)) {
        skippedItems.add(key);
        skipped.set(charge.workspaceId, (skipped.get(charge.workspaceId) ?? 0) + 1);
      }
      return false;
    }
    left.set(charge.workspaceId, allowance - 1);
    held.add(key);
    return true;
  });
  await recordQuotaSkips(tx, skipped, now);
  return { allowed, overQuota: skippedItems.size };
}

/** Counts, per user, the matches not stored this month for being over the quota. */
export async function recordQuotaSkips(tx: DbOrTx, skipped: Map<number, number>, now: Date) {
  const month = quotaMonthStart(now);
  for (const [workspaceId, count] of skipped)
    await repo.addQuotaSkips(tx, workspaceId, month, count);
}
