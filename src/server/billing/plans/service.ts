import { parsePlanFeatures, planLimitsSchema, type Plan, type PlanLimits } from '@shared/api/plans';
import { BUILTIN_FREE_PLAN } from '@shared/builtin-plans';
import type { DbOrTx } from '../../db/client';
import * as repo from './repo';

// Used when a plan row is missing or its limits JSON is damaged: fail closed to Free's limits.
const FREE_LIMITS: PlanLimits = BUILTIN_FREE_PLAN.limits;

export function limitsOf(plan: repo.PlanRow | undefined): PlanLimits {
  const parsed = planLimitsSchema.safeParse(plan?.limits);
  return parsed.success ? parsed.data : FREE_LIMITS;
}

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
