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

export async function limitsForUser(db: DbOrTx, userId: number) {
  return limitsOf(await repo.findPlanForUser(db, userId));
}

/** The plan limits of each of `userIds` that exists. */
export async function limitsForUsers(db: DbOrTx, userIds: number[]) {
  const rows = await repo.findPlansForUsers(db, userIds);
  return new Map(rows.map((row) => [row.userId, limitsOf(row.plan ?? undefined)]));
}
