import { parsePlanFeatures, type Plan, type PlanLimits } from '@shared/api/plans';
import { limitsOrFree } from '@shared/builtin-plans';
import type { DbOrTx } from '../../db/client';
import * as repo from './repo';

// A missing plan row or damaged limits JSON fails closed to Free's limits.
export const limitsOf = (plan: repo.PlanRow | undefined): PlanLimits => limitsOrFree(plan?.limits);

export function toPlanDto(row: repo.PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    interval: row.interval,
    features: parsePlanFeatures(row.features),
    limits: limitsOf(row),
    isActive: row.isActive,
  };
}

export async function listPlans(db: DbOrTx) {
  return (await repo.listActivePlans(db)).map(toPlanDto);
}

/** The limits of the workspace's plan (its billing user's); Free's when there is none. */
export async function limitsForWorkspace(db: DbOrTx, workspaceId: number) {
  return (await limitsForWorkspaces(db, [workspaceId])).get(workspaceId) ?? limitsOf(undefined);
}

/** The plan limits of each of `workspaceIds` that exists. */
export async function limitsForWorkspaces(db: DbOrTx, workspaceIds: number[]) {
  const rows = await repo.findPlansForWorkspaces(db, workspaceIds);
  return new Map(rows.map((row) => [row.workspaceId, limitsOf(row.plan ?? undefined)]));
}

export const lockWorkspacePlan = repo.lockWorkspacePlan;
