import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { redditClientState, redditListings, redditPostIds } from '../../db/schema';
import { POST_IDS_STATE_ROW } from '../budget-store';
import { addToHour, sumSince } from '../hourly-counts';

/**
 * The enumeration's position and statistics, in the jsonb of one `reddit_client_state` row,
 * written only under its lease (one worker enumerates at a time). Statistics and a position:
 * losing them restarts the enumeration at the cursor (decision record 005, "Posts by id").
 */
const hourSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);
const enumerationSchema = z.object({
  /** The lowest id not yet asked for (or seen); null until r/all/new has a cursor. */
  next: z.number().int().nullable().default(null),
  /** Ids apart while probing a run of unused ids; 1 otherwise. */
  stride: z.number().int().min(1).default(1),
  /** After a gap: read one by one up to this id, where a listing showed a post. */
  denseUntil: z.number().int().nullable().default(null),
  lease: z.object({ owner: z.string(), until: z.number() }).nullable().default(null),
  /** Hourly [hour start ms, posts found first, requests, ids passed over] (hourly-counts.ts). */
  hours: z.array(hourSchema).default([]),
});
export type EnumerationState = z.infer<typeof enumerationSchema>;

/** Adds to the state's current hour. */
export function countHour(
  state: EnumerationState,
  now: number,
  add: { found: number; requests: number; gapIds: number },
) {
  addToHour(state.hours, now, [add.found, add.requests, add.gapIds]);
}

/** Posts found, requests sent and ids passed over since `since` (ms). */
export function enumerationSince(state: EnumerationState | undefined, since: number) {
  const [found, requests, gapIds] = sumSince(state?.hours ?? [], since, 3);
  return { found, requests, gapIds };
}

const stateValue = sql`${redditClientState.budget}`;

/** The state, for the status; undefined before the first enumeration. */
export async function loadEnumeration(db: DbOrTx): Promise<EnumerationState | undefined> {
  const [row] = await db
    .select({ value: redditClientState.budget })
    .from(redditClientState)
    .where(eq(redditClientState.id, POST_IDS_STATE_ROW));
  const parsed = enumerationSchema.safeParse(row?.value);
  return row && parsed.success ? parsed.data : undefined;
}

/** Takes the enumeration's lease (free, lapsed or already ours); undefined when another holds it. */
export async function leaseEnumeration(db: DbOrTx, owner: string, now: number, leaseMs: number) {
  await db
    .insert(redditClientState)
    .values({ id: POST_IDS_STATE_ROW, budget: {} })
    .onConflictDoNothing();
  const lease = JSON.stringify({ owner, until: now + leaseMs });
  const [row] = await db
    .update(redditClientState)
    .set({
      budget: sql`jsonb_set(coalesce(${stateValue}, '{}'::jsonb), '{lease}', ${lease}::jsonb)`,
    })
    .where(
      and(
        eq(redditClientState.id, POST_IDS_STATE_ROW),
        sql`(jsonb_typeof(${stateValue} -> 'lease') is distinct from 'object'
          or (${stateValue} -> 'lease' ->> 'until')::bigint < ${now}
          or ${stateValue} -> 'lease' ->> 'owner' = ${owner})`,
      ),
    )
    .returning({ value: redditClientState.budget });
  if (!row) return undefined;
  // A damaged state starts afresh at the cursor rather than stopping the enumeration.
  const parsed = enumerationSchema.safeParse(row.value);
  return parsed.success ? parsed.data : enumerationSchema.parse({ lease: { owner, until: 0 } });
}

/** Saves the state while `owner` holds the lease; false when it was lost to another worker. */
export async function saveEnumeration(db: DbOrTx, owner: string, state: EnumerationState) {
  const rows = await db
    .update(redditClientState)
    .set({ budget: state })
    .where(
      and(
        eq(redditClientState.id, POST_IDS_STATE_ROW),
        sql`${stateValue} -> 'lease' ->> 'owner' = ${owner}`,
      ),
    )
    .returning({ id: redditClientState.id });
  return rows.length > 0;
}

/** The id of r/all/new's newest stored post: the enumeration asks for ids up to it. */
export async function allPostsCursor(db: DbOrTx) {
  const [row] = await db
    .select({ id: redditListings.id, cursor: redditListings.cursorFullname })
    .from(redditListings)
    .where(
      and(
        eq(redditListings.scope, 'all'),
        eq(redditListings.kind, 'posts'),
        eq(redditListings.isPlanned, true),
        isNotNull(redditListings.cursorFullname),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Claims posts for matching: records their ids as seen, and returns those no reader had seen
 * before (a new id, or one that was removed when asked and waits for a re-check). Each post is
 * matched by the first reader to claim it, whichever listing or the enumeration.
 */
export async function claimPostIds(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .insert(redditPostIds)
    .values([...new Set(ids)].map((id) => ({ id })))
    .onConflictDoUpdate({
      target: redditPostIds.id,
      set: { recheckAt: null },
      setWhere: isNotNull(redditPostIds.recheckAt),
    })
    .returning({ id: redditPostIds.id });
  return new Set(rows.map((row) => row.id));
}

/**
 * Up to `limit` ids from `from` (every `stride`-th) up to `to` that no reader has seen, and the
 * last id looked at: the scan stops after POST_IDS.scanIds ids.
 */
export async function unseenPostIds(
  db: DbOrTx,
  range: { from: number; to: number; stride: number; limit: number; scan: number },
) {
  const to = Math.min(range.to, range.from + range.stride * (range.scan - 1));
  if (to < range.from) return { ids: [], scannedTo: range.from - 1 };
  const result = await db.execute<{ id: string }>(sql`
    select g.id from generate_series(${range.from}::bigint, ${to}::bigint, ${range.stride}::bigint) as g(id)
    where not exists (select 1 from ${redditPostIds} p where p.id = g.id)
    order by g.id limit ${range.limit}`);
  // PGlite and node-postgres both answer `{ rows }`; the union type does not say so.
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => Number(row.id));
  return { ids, scannedTo: ids.length === range.limit ? ids[ids.length - 1] : to };
}

/** The lowest id at or above `from` that a reader has seen: where a run of unused ids ends. */
export async function firstSeenFrom(db: DbOrTx, from: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: redditPostIds.id })
    .from(redditPostIds)
    .where(gte(redditPostIds.id, from))
    .orderBy(asc(redditPostIds.id))
    .limit(1);
  return row?.id;
}

/** Removed posts due for a re-check, soonest first. */
export function dueRechecks(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ id: redditPostIds.id, checks: redditPostIds.checks })
    .from(redditPostIds)
    .where(lte(redditPostIds.recheckAt, now))
    .orderBy(asc(redditPostIds.recheckAt))
    .limit(limit);
}

/** Removed when asked: seen, and asked again at `recheckAt` (null: never again). */
export async function scheduleRechecks(
  db: DbOrTx,
  rows: { id: number; checks: number; recheckAt: Date | null }[],
) {
  if (rows.length === 0) return;
  await db
    .insert(redditPostIds)
    .values(rows)
    .onConflictDoUpdate({
      target: redditPostIds.id,
      set: {
        checks: sql`excluded.checks`,
        recheckAt: sql`excluded.recheck_at`,
      },
    });
}

/** Re-checks that found nothing (deleted since): never asked again. */
export async function dropRechecks(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(redditPostIds)
    .set({ recheckAt: null })
    .where(and(inArray(redditPostIds.id, ids), isNotNull(redditPostIds.recheckAt)));
}

/**
 * Forgets seen ids below the enumeration's position (no longer needed to skip), or every one
 * while nothing is enumerated; re-checks stay until done.
 */
export async function pruneSeenIds(db: DbOrTx, below: number | null) {
  await db
    .delete(redditPostIds)
    .where(
      below === null
        ? isNull(redditPostIds.recheckAt)
        : and(isNull(redditPostIds.recheckAt), lt(redditPostIds.id, below)),
    );
}
