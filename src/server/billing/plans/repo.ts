import { asc, eq, inArray, sql } from 'drizzle-orm';
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

/** Each user's plan row (none when no plan matches the user's plan_type). */
export function findPlansForUsers(db: DbOrTx, userIds: number[]) {
  return db
    .select({ userId: users.id, plan: subscriptionPlans })
    .from(users)
    .leftJoin(subscriptionPlans, sql`lower(${subscriptionPlans.name}) = ${users.planType}`)
    .where(inArray(users.id, userIds));
}
