import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { subscriptionPlans, users, workspaces } from '../../db/schema';

export type PlanRow = typeof subscriptionPlans.$inferSelect;

export function listActivePlans(db: DbOrTx) {
  return db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.isActive, true))
    .orderBy(asc(subscriptionPlans.price));
}

/**
 * The plan row of each workspace's billing user (its plan_type: "free" → Free, "pro" → Pro); none
 * when no plan matches, or the workspace has no billing user left.
 */
export function findPlansForWorkspaces(db: DbOrTx, workspaceIds: number[]) {
  return db
    .select({ workspaceId: workspaces.id, plan: subscriptionPlans })
    .from(workspaces)
    .leftJoin(users, eq(users.id, workspaces.billingUserId))
    .leftJoin(subscriptionPlans, sql`lower(${subscriptionPlans.name}) = ${users.planType}`)
    .where(inArray(workspaces.id, workspaceIds));
}

/**
 * Locks the workspace's row and its billing user's for the transaction: plan-limit checks of one
 * workspace queue behind it, as do plan changes (billing locks the user's row). False when the
 * workspace is gone.
 */
export async function lockWorkspacePlan(db: DbOrTx, workspaceId: number) {
  const [row] = await db
    .select({ billingUserId: workspaces.billingUserId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('update');
  if (!row) return false;
  if (row.billingUserId !== null) {
    await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, row.billingUserId))
      .for('update');
  }
  return true;
}
