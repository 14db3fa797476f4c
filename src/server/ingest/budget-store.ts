import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { redditClientState } from '../db/schema';
import type { BudgetState, BudgetStore } from '../reddit';

const stateSchema = z.object({
  windowLimit: z.number(),
  windowResetAt: z.number(),
  used: z.number(),
  nextSlotAt: z.number(),
  pausedUntil: z.number(),
  sentTotal: z.number(),
  minuteStartedAt: z.number(),
  sentThisMinute: z.number(),
}) satisfies z.ZodType<BudgetState>;

/** A damaged or older-shaped row starts a fresh budget rather than stopping ingestion. */
export function parseBudget(value: unknown): BudgetState | undefined {
  const parsed = stateSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The budget in the one `reddit_client_state` row, changed under a row lock: every worker of
 * one client id takes its slots from the same schedule (DESIGN.md §4 scale-out).
 */
export function databaseBudgetStore(db: Db): BudgetStore {
  return {
    update: (change) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .select({ budget: redditClientState.budget })
          .from(redditClientState)
          .where(eq(redditClientState.id, 1))
          .for('update');
        const { state, result } = change(parseBudget(row?.budget));
        await tx
          .insert(redditClientState)
          .values({ id: 1, budget: state })
          .onConflictDoUpdate({ target: redditClientState.id, set: { budget: state } });
        return result;
      }),
    async read() {
      const [row] = await db
        .select({ budget: redditClientState.budget })
        .from(redditClientState)
        .where(eq(redditClientState.id, 1));
      return parseBudget(row?.budget);
    },
  };
}
