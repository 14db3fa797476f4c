import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { redditClientState } from '../../db/schema';
import { REREAD_STATE_ROW } from '../budget-store';
import { addToHour, sumSince } from '../hourly-counts';

/**
 * Each listing's re-read position and coverage, in the jsonb of one `reddit_client_state` row keyed by
 * listing id: written only by the worker holding the listing's lease (jsonb_set on its own key,
 * so workers never overwrite each other), read by the status. Statistics and a position,
 * not a guarantee: losing them costs one turn's re-read (decision record 005).
 */
const hourSchema = z.tuple([z.number(), z.number(), z.number()]);
const rereadStateSchema = z.object({
  /**
   * The item the next read starts from (`before`): about `REREAD_ITEMS` below the cursor when
   * the last turn ended caught up, so that it reads again the items just behind the cursor,
   * where Reddit inserts late items (decision record 005).
   */
  anchor: z.object({ fullname: z.string(), createdMs: z.number() }).nullable().default(null),
  /** Items the latest re-read went back behind the cursor, and the creation time they span. */
  checkedBackItems: z.number().int().nullable().default(null),
  checkedBackMs: z.number().nullable().default(null),
  /** Hourly [hour start ms, items first seen by the live read, by the re-read] (hourly-counts.ts). */
  hours: z.array(hourSchema).default([]),
});

export type RereadState = z.infer<typeof rereadStateSchema>;

export const emptyRereadState = (): RereadState => rereadStateSchema.parse({});

/** Counts items first seen by the live read or the re-read into the state's current hour. */
export function countCoverage(state: RereadState, now: number, live: number, reread: number) {
  addToHour(state.hours, now, [live, reread]);
}

/** Items first seen by the live read and by the re-read since `since` (ms). */
export function coverageSince(state: RereadState, since: number) {
  const [live, reread] = sumSince(state.hours, since, 2);
  return { live, reread };
}

export async function loadRereadStates(db: DbOrTx): Promise<Map<number, RereadState>> {
  const [row] = await db
    .select({ value: redditClientState.budget })
    .from(redditClientState)
    .where(eq(redditClientState.id, REREAD_STATE_ROW));
  const states = new Map<number, RereadState>();
  const parsed = z.record(z.string(), z.unknown()).safeParse(row?.value);
  if (!parsed.success) return states;
  for (const [key, value] of Object.entries(parsed.data)) {
    const state = rereadStateSchema.safeParse(value);
    // A damaged entry starts a fresh pass rather than stopping the listing.
    if (state.success && Number.isInteger(Number(key))) states.set(Number(key), state.data);
  }
  return states;
}

export async function loadRereadState(db: DbOrTx, listingId: number): Promise<RereadState> {
  const [row] = await db
    .select({ value: sql<unknown>`${redditClientState.budget} -> ${String(listingId)}` })
    .from(redditClientState)
    .where(eq(redditClientState.id, REREAD_STATE_ROW));
  const state = rereadStateSchema.safeParse(row?.value ?? {});
  return state.success ? state.data : emptyRereadState();
}

export async function saveRereadState(db: DbOrTx, listingId: number, state: RereadState) {
  const value = JSON.stringify(state);
  await db
    .insert(redditClientState)
    .values({ id: REREAD_STATE_ROW, budget: { [listingId]: state } })
    .onConflictDoUpdate({
      target: redditClientState.id,
      set: {
        budget: sql`jsonb_set(coalesce(${redditClientState.budget}, '{}'::jsonb), ${`{${listingId}}`}::text[], ${value}::jsonb)`,
      },
    });
}
