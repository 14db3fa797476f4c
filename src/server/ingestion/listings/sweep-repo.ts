import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { redditClientState } from '../../db/schema';
import { SWEEP_STATE_ROW } from '../budget-store';

/**
 * Each listing's re-read position and coverage, in the jsonb of one `reddit_client_state` row keyed by
 * listing id: written only by the worker holding the listing's lease (jsonb_set on its own key,
 * so workers never overwrite each other), read by the status. Statistics and a position,
 * not a guarantee: losing them costs one turn's re-read (decision record 005).
 */
const hourSchema = z.tuple([z.number(), z.number(), z.number()]);
const sweepStateSchema = z.object({
  /**
   * The item the next read starts from (`before`): about `REREAD_ITEMS` below the cursor when
   * the last turn ended caught up, so that it reads again the items just behind the cursor,
   * where Reddit inserts late items (decision record 005).
   */
  anchor: z.object({ fullname: z.string(), createdMs: z.number() }).nullable().default(null),
  /** Items the latest re-read went back behind the cursor, and the creation time they span. */
  checkedBackItems: z.number().int().nullable().default(null),
  checkedBackMs: z.number().nullable().default(null),
  /** Hourly [hour start ms, items first seen by the live read, by the sweep], newest last. */
  hours: z.array(hourSchema).default([]),
});

export type SweepState = z.infer<typeof sweepStateSchema>;

export const emptySweepState = (): SweepState => sweepStateSchema.parse({});

const HOUR_MS = 3600_000;
const HOURS_KEPT = 25;

/** Counts items first seen by the live read or the sweep into the state's current hour. */
export function countCoverage(state: SweepState, now: number, live: number, swept: number) {
  if (live === 0 && swept === 0) return;
  const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
  const last = state.hours[state.hours.length - 1];
  if (last && last[0] === hour) {
    last[1] += live;
    last[2] += swept;
  } else {
    state.hours.push([hour, live, swept]);
  }
  while (state.hours.length > HOURS_KEPT) state.hours.shift();
}

/** Items first seen by the live read and by the sweep since `since` (ms). */
export function coverageSince(state: SweepState, since: number) {
  let live = 0;
  let swept = 0;
  for (const [hour, l, s] of state.hours) {
    if (hour + HOUR_MS <= since) continue;
    live += l;
    swept += s;
  }
  return { live, swept };
}

export async function loadSweepStates(db: DbOrTx): Promise<Map<number, SweepState>> {
  const [row] = await db
    .select({ value: redditClientState.budget })
    .from(redditClientState)
    .where(eq(redditClientState.id, SWEEP_STATE_ROW));
  const states = new Map<number, SweepState>();
  const parsed = z.record(z.string(), z.unknown()).safeParse(row?.value);
  if (!parsed.success) return states;
  for (const [key, value] of Object.entries(parsed.data)) {
    const state = sweepStateSchema.safeParse(value);
    // A damaged entry starts a fresh pass rather than stopping the listing.
    if (state.success && Number.isInteger(Number(key))) states.set(Number(key), state.data);
  }
  return states;
}

export async function loadSweepState(db: DbOrTx, listingId: number): Promise<SweepState> {
  const [row] = await db
    .select({ value: sql<unknown>`${redditClientState.budget} -> ${String(listingId)}` })
    .from(redditClientState)
    .where(eq(redditClientState.id, SWEEP_STATE_ROW));
  const state = sweepStateSchema.safeParse(row?.value ?? {});
  return state.success ? state.data : emptySweepState();
}

export async function saveSweepState(db: DbOrTx, listingId: number, state: SweepState) {
  const value = JSON.stringify(state);
  await db
    .insert(redditClientState)
    .values({ id: SWEEP_STATE_ROW, budget: { [listingId]: state } })
    .onConflictDoUpdate({
      target: redditClientState.id,
      set: {
        budget: sql`jsonb_set(coalesce(${redditClientState.budget}, '{}'::jsonb), ${`{${listingId}}`}::text[], ${value}::jsonb)`,
      },
    });
}
