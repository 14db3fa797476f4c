import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { subscriptionPlans, users } from '../../db/schema';

export type PlanRow = typeof subscriptionPlans.$inferSelect;

export function listActivePlans(db: DbOrTx) {
  return db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.isActive, true))
    .orderBy(asc(subscriptionPlans.price));
}

/** The plan row matching the user's plan_type ("free" → Free, "pro" → Pro). */
export async function findPlanForUser(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ plan: subscriptionPlans })
    .from(users)
    .innerJoin(subscriptionPlans, sql`lower(${subscriptionPlans.name}) = ${users.planType}`)
    .where(eq(users.id, userId));
  return row?.plan;
}
