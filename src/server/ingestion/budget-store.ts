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
  backgroundUsed: z.number().optional(),
  backgroundWindowEnd: z.number().optional(),
  idsUsed: z.number().optional(),
  idsWindowEnd: z.number().optional(),
  interactive: z
    .object({ startedAt: z.number(), used: z.number(), users: z.record(z.string(), z.number()) })
    .optional(),
}) satisfies z.ZodType<BudgetState>;

/** A damaged or older-shaped row starts a fresh budget rather than stopping ingestion. */
export function parseBudget(value: unknown): BudgetState | undefined {
  const parsed = stateSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The rows of `reddit_client_state`: the OAuth client's budget, and limited mode's feed pacing. */
export const BUDGET_ROWS = { oauth: 1, feeds: 2 } as const;

/** The row whose jsonb holds each listing's re-read position and coverage (listings/reread-state.ts). */
export const REREAD_STATE_ROW = 3;

/** The row whose jsonb holds the post-id enumeration's state (post-ids/post-ids-repo.ts). */
export const POST_IDS_STATE_ROW = 4;

/**
 * The budget in the one `reddit_client_state` row, changed under a row lock: every worker of
 * one client id takes its slots from the same schedule. See docs/decisions/005-reddit-ingestion.md
 * ("Pacing") and, on scale-out, docs/product.md §8 (Runtime contract).
 */
export function databaseBudgetStore(db: Db, id: number = BUDGET_ROWS.oauth): BudgetStore {
  return {
    update: (change) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .select({ budget: redditClientState.budget })
          .from(redditClientState)
          .where(eq(redditClientState.id, id))
          .for('update');
        const { state, result } = change(parseBudget(row?.budget));
        await tx
          .insert(redditClientState)
          .values({ id, budget: state })
          .onConflictDoUpdate({ target: redditClientState.id, set: { budget: state } });
        return result;
      }),
    async read() {
      const [row] = await db
        .select({ budget: redditClientState.budget })
        .from(redditClientState)
        .where(eq(redditClientState.id, id));
      return parseBudget(row?.budget);
    },
  };
}
