import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { SourceName } from '@shared/sources';
import type { DbOrTx } from '../../db/client';
import { sourceReads } from '../../db/schema';

export type SourceReadRow = typeof sourceReads.$inferSelect;

/** The window the status line's "skipped" count covers. */
const SKIPPED_WINDOW_MS = 24 * 3600_000;

/** Another worker holds the site's lease: this worker's read is not stored. */
export class SourceLeaseLostError extends Error {
  constructor(source: string) {
    super(`lost the lease on ${source}`);
  }
}

/**
 * Takes (or keeps) the site's lease for `leaseMs`, creating its row on first use: one worker
 * reads a site at a time, another takes over once a crashed one's lease runs out. Returns the
 * row (with the cursor to read from), or undefined while another worker holds it.
 */
export async function claimSource(
  db: DbOrTx,
  source: SourceName,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<SourceReadRow | undefined> {
  await db.insert(sourceReads).values({ source }).onConflictDoNothing();
  const [row] = await db
    .update(sourceReads)
    .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(sourceReads.source, source),
        or(
          isNull(sourceReads.leaseOwner),
          eq(sourceReads.leaseOwner, owner),
          lt(sourceReads.leaseUntil, now),
        ),
      ),
    )
    .returning();
  return row;
}

/** Lets the lease go (a clean stop), so another worker need not wait for it to run out. */
export async function releaseSource(db: DbOrTx, source: SourceName, owner: string) {
  await db
    .update(sourceReads)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(sourceReads.source, source), eq(sourceReads.leaseOwner, owner)));
}

export type ReadOutcome = {
  cursor: unknown;
  lagSeconds: number | null;
  /** Items passed over in this read. */
  skipped: number;
  /** A fault met on the way (the read still went on); null: none. */
  lastError: string | null;
};

/**
 * Moves the cursor with what it produced, in the caller's transaction (the one that stores the
 * mentions), while this worker still holds the lease: a read stored twice is impossible.
 */
export async function saveRead(
  tx: DbOrTx,
  source: SourceName,
  owner: string,
  outcome: ReadOutcome,
  now: Date,
) {
  const windowStart = new Date(now.getTime() - SKIPPED_WINDOW_MS);
  const [row] = await tx
    .update(sourceReads)
    .set({
      cursor: outcome.cursor,
      lastReadAt: now,
      lagSeconds: outcome.lagSeconds,
      // A read that went through is healthy; a fault met on the way stays as a note.
      lastError: outcome.lastError,
      errorSince: null,
      skipped: sql`case when ${sourceReads.skippedSince} is null or ${sourceReads.skippedSince} < ${windowStart.toISOString()}::timestamptz then ${outcome.skipped} else ${sourceReads.skipped} + ${outcome.skipped} end`,
      skippedSince: sql`case when ${sourceReads.skippedSince} is null or ${sourceReads.skippedSince} < ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${sourceReads.skippedSince} end`,
    })
    .where(and(eq(sourceReads.source, source), eq(sourceReads.leaseOwner, owner)))
    .returning({ source: sourceReads.source });
  if (!row) throw new SourceLeaseLostError(source);
}

/** A read that failed as a whole: the cursor stays, the status line says why. */
export async function recordSourceFailure(
  db: DbOrTx,
  source: SourceName,
  message: string,
  now: Date,
) {
  await db
    .update(sourceReads)
    .set({
      lastError: message,
      errorSince: sql`coalesce(${sourceReads.errorSince}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(sourceReads.source, source));
}

/**
 * A stream that is connected, between batches to store: it is read up to `at`, and a fault it
 * had is over.
 */
export async function recordSourceAlive(
  db: DbOrTx,
  source: SourceName,
  owner: string,
  at: Date,
  lagSeconds: number | null,
) {
  await db
    .update(sourceReads)
    .set({ lastReadAt: at, lagSeconds, lastError: null, errorSince: null })
    .where(and(eq(sourceReads.source, source), eq(sourceReads.leaseOwner, owner)));
}

/** The cursor stored with the site's last mentions (undefined before its first read). */
export async function loadSourceCursor(db: DbOrTx, source: SourceName): Promise<unknown> {
  const [row] = await db
    .select({ cursor: sourceReads.cursor })
    .from(sourceReads)
    .where(eq(sourceReads.source, source));
  return row?.cursor ?? undefined;
}

export function listSourceReads(db: DbOrTx) {
  return db.select().from(sourceReads);
}
