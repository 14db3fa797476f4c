import { and, count, eq, gte, inArray, ne, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  alerts,
  ingestionGaps,
  liveAlert,
  redditClientState,
  redditListings,
  subreddits,
} from '../../db/schema';

export function plannedListings(db: DbOrTx) {
  return db.select().from(redditListings).where(eq(redditListings.isPlanned, true));
}

/** Gaps per listing since `since`. */
export function gapsSince(db: DbOrTx, since: Date) {
  return db
    .select({
      listingId: ingestionGaps.listingId,
      count: count(),
      estimatedItems: sum(ingestionGaps.estimatedItems).mapWith(Number),
    })
    .from(ingestionGaps)
    .where(gte(ingestionGaps.detectedAt, since))
    .groupBy(ingestionGaps.listingId);
}

export async function clientState(db: DbOrTx) {
  const [row] = await db.select().from(redditClientState).where(eq(redditClientState.id, 1));
  return row;
}

export function inaccessibleSubreddits(db: DbOrTx, names: string[]) {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .select({ name: subreddits.name, access: subreddits.access })
    .from(subreddits)
    .where(and(inArray(subreddits.name, names), ne(subreddits.access, 'ok')));
}

/** The matching fields of a user's live alerts. */
export function liveAlertsOf(db: DbOrTx, workspaceId: number) {
  return db
    .select({
      id: alerts.id,
      subreddits: alerts.subreddits,
      includeComments: alerts.includeComments,
      isActive: alerts.isActive,
      isPaused: alerts.isPaused,
    })
    .from(alerts)
    .where(and(eq(alerts.workspaceId, workspaceId), liveAlert));
}

export const subredditNames = (value: string | null) => (value ? value.split(',') : []);
