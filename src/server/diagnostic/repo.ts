import { and, count, desc, eq, gte, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { ingestionGaps, scoreCandidates } from '../db/schema';

/** The gaps of these listings since `since`, newest first. */
export function gapsOfListings(db: DbOrTx, listingIds: number[], since: Date) {
  if (listingIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(ingestionGaps)
    .where(and(inArray(ingestionGaps.listingId, listingIds), gte(ingestionGaps.detectedAt, since)))
    .orderBy(desc(ingestionGaps.detectedAt))
    .limit(50);
}

export async function candidateCount(db: DbOrTx, alertId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(scoreCandidates)
    .where(eq(scoreCandidates.alertId, alertId));
  return row.n;
}
