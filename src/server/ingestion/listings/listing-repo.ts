import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { alerts, ingestionGaps, liveAlert, redditListings, subreddits } from '../../db/schema';
import { notifyLive } from '../../live';
import type { AlertNeed, PlanChanges, PlannedListing, SubredditFacts } from './listing-plan';

export type ListingRow = typeof redditListings.$inferSelect;

/** Another worker took the listing over (our lease expired): this worker's page is dropped. */
export class LeaseLostError extends Error {
  constructor(listingId: number) {
    super(`lost the lease on listing ${listingId}`);
  }
}

export const splitNames = (value: string | null) => (value ? value.split(',') : []);

// Serialises planners of several workers: one plans, the next sees its result.
const PLAN_LOCK_KEY = 7_345_002;

/** The distinct (subreddits, includeComments) of the live alerts. */
export async function loadAlertNeeds(db: DbOrTx): Promise<AlertNeed[]> {
  const rows = await db
    .select({
      subreddits: alerts.subreddits,
      includeComments: sql<boolean>`bool_or(${alerts.includeComments})`,
    })
    .from(alerts)
    // Keywords that do not listen to Reddit need no listing of it.
    .where(and(liveAlert, sql`'reddit' = any(${alerts.sources})`))
    .groupBy(alerts.subreddits);
  return rows.map((row) => ({
    subreddits: row.subreddits ? splitNames(row.subreddits) : null,
    includeComments: row.includeComments,
  }));
}

export async function loadSubredditFacts(db: DbOrTx, names: string[]) {
  const facts = new Map<string, SubredditFacts>();
  if (names.length === 0) return facts;
  const rows = await db.select().from(subreddits).where(inArray(subreddits.name, names));
  for (const row of rows) facts.set(row.name, row);
  return facts;
}

export function listListings(db: DbOrTx) {
  return db.select().from(redditListings).orderBy(asc(redditListings.id));
}

export const toPlanned = (row: ListingRow): PlannedListing => ({
  id: row.id,
  scope: row.scope === 'all' ? 'all' : 'subreddits',
  kind: row.kind === 'comments' ? 'comments' : 'posts',
  subreddits: splitNames(row.subreddits),
  isPlanned: row.isPlanned,
});

/** Runs `plan` on a consistent view under the planners' lock and applies its changes. */
export async function replan(
  db: Db,
  plan: (input: {
    needs: AlertNeed[];
    facts: Map<string, SubredditFacts>;
    existing: PlannedListing[];
  }) => PlanChanges,
  now: Date,
): Promise<PlanChanges> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PLAN_LOCK_KEY})`);
    const needs = await loadAlertNeeds(tx);
    const names = [...new Set(needs.flatMap((need) => need.subreddits ?? []))];
    const facts = await loadSubredditFacts(tx, names);
    const existing = (await listListings(tx)).map(toPlanned);
    const changes = plan({ needs, facts, existing });
    for (const listing of changes.create) {
      await tx.insert(redditListings).values({
        scope: listing.scope,
        kind: listing.kind,
        subreddits: listing.scope === 'all' ? null : listing.subreddits.join(','),
        nextPollAt: now,
      });
    }
    for (const update of changes.update) {
      await tx
        .update(redditListings)
        .set({
          subreddits: update.subreddits.length ? update.subreddits.join(',') : null,
          isPlanned: update.isPlanned,
          // A listing planned again starts from the newest page: its old cursor is stale. One
          // whose subreddits changed may have lost its cursor item: it reads the newest page
          // and back to the cursor's time, instead of an empty `before` page first.
          ...(update.isPlanned
            ? { resync: true }
            : { cursorFullname: null, cursorCreatedAt: null }),
        })
        .where(eq(redditListings.id, update.id));
    }
    return changes;
  });
}

/**
 * Leases the longest overdue listing (subreddit listings first among equals). Turns go round
 * the due listings, and a turn reads as many pages as its listing has new items (up to a
 * limit), so a busy site-wide listing catches up in its turn while quiet subreddit listings
 * cost one request each: when the budget is short, every listing's interval stretches alike
 * and the cheap subreddit listings stay complete. SKIP LOCKED lets several workers lease
 * different listings at once.
 */
export async function leaseDueListing(db: Db, owner: string, now: Date, leaseMs: number) {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: redditListings.id })
      .from(redditListings)
      .where(
        and(
          eq(redditListings.isPlanned, true),
          lte(redditListings.nextPollAt, now),
          or(isNull(redditListings.leaseUntil), lt(redditListings.leaseUntil, now)),
        ),
      )
      .orderBy(asc(redditListings.nextPollAt), sql`${redditListings.scope} = 'all'`)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [leased] = await tx
      .update(redditListings)
      .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs) })
      .where(eq(redditListings.id, due.id))
      .returning();
    return leased;
  });
}

/**
 * A planned listing that is behind: its last turn could not catch up, or its read is overdue
 * by more than BEHIND_MS (the budget is short). Background work leaves every slot to it then.
 */
const BEHIND_MS = 10_000;
export async function isListingBehind(db: DbOrTx, now: Date, overdueMs = BEHIND_MS) {
  const [row] = await db
    .select({ id: redditListings.id })
    .from(redditListings)
    .where(
      and(
        eq(redditListings.isPlanned, true),
        or(
          eq(redditListings.intervalMs, 0),
          lt(redditListings.nextPollAt, new Date(now.getTime() - overdueMs)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The planned listings' observed rates, from which the re-read depth is planned. */
export function listingRates(db: DbOrTx) {
  return db
    .select({ id: redditListings.id, itemsPerMinute: redditListings.itemsPerMinute })
    .from(redditListings)
    .where(eq(redditListings.isPlanned, true));
}

export type ListingUpdate = PgUpdateSetSource<typeof redditListings>;

/** The counters and health of a listing after a read that answered. */
export const readSucceeded = (now: Date, fresh: number, skipped: number): ListingUpdate => ({
  lastReadAt: now,
  lastSuccessAt: now,
  lastError: null,
  errorSince: null,
  consecutiveFailures: 0,
  requests: sql`${redditListings.requests} + 1`,
  itemsSeen: sql`${redditListings.itemsSeen} + ${fresh}`,
  itemsSkipped: sql`${redditListings.itemsSkipped} + ${skipped}`,
});

/** A failed read: the error stays where users see it, from when it began. */
export const readFailed = (now: Date, message: string, failures: number): ListingUpdate => ({
  leaseOwner: null,
  leaseUntil: null,
  lastReadAt: now,
  lastError: message,
  errorSince: sql`coalesce(${redditListings.errorSince}, ${now.toISOString()}::timestamptz)`,
  consecutiveFailures: failures,
  requests: sql`${redditListings.requests} + 1`,
});

/** Updates the listing only while `owner` still holds its lease; throws LeaseLostError otherwise. */
export async function updateLeased(
  db: DbOrTx,
  listingId: number,
  owner: string,
  set: ListingUpdate,
) {
  const rows = await db
    .update(redditListings)
    .set(set)
    .where(and(eq(redditListings.id, listingId), eq(redditListings.leaseOwner, owner)))
    .returning({ id: redditListings.id });
  // A read (not a mere lease move) moves the monitoring line of every open dashboard.
  if (rows.length > 0 && set.lastReadAt instanceof Date) {
    const at = set.lastReadAt.toISOString();
    await notifyLive(db, [{ type: 'status', listingId, at, ok: set.lastError === null }]);
  }
  if (rows.length === 0) throw new LeaseLostError(listingId);
}

export async function recordGap(db: DbOrTx, gap: typeof ingestionGaps.$inferInsert) {
  await db.insert(ingestionGaps).values(gap);
}

export async function markSeenInAll(db: DbOrTx, names: string[], now: Date) {
  if (names.length === 0) return;
  await db
    .insert(subreddits)
    .values(names.map((name) => ({ name, seenInAllAt: now })))
    .onConflictDoUpdate({ target: subreddits.name, set: { seenInAllAt: now } });
}

export async function markAccess(db: DbOrTx, names: string[], access: string, now: Date) {
  if (names.length === 0) return;
  await db
    .insert(subreddits)
    .values(names.map((name) => ({ name, access, accessCheckedAt: now })))
    .onConflictDoUpdate({ target: subreddits.name, set: { access, accessCheckedAt: now } });
}

/** Whether the site-wide listing of this kind is being read (subreddit listings are then backstops). */
export async function isSiteWideRead(db: DbOrTx, kind: string) {
  const [row] = await db
    .select({ id: redditListings.id })
    .from(redditListings)
    .where(
      and(
        eq(redditListings.scope, 'all'),
        eq(redditListings.kind, kind),
        eq(redditListings.isPlanned, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}
