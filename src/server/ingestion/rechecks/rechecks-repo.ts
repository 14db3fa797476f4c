import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mentions, scoreCandidates } from '../../db/schema';
import type { RedditItem } from '../../reddit';
import { REMOVED_CONTENT } from '../store-mentions';

export type CandidateRow = typeof scoreCandidates.$inferSelect;

/** Mentions are refreshed while younger than this. */
export const REFRESH_MAX_AGE_MS = 48 * 3600_000;

export async function dropExpiredCandidates(db: DbOrTx, now: Date) {
  await db.delete(scoreCandidates).where(lte(scoreCandidates.expiresAt, now));
}

export function dueCandidates(db: DbOrTx, now: Date, limit: number) {
  return db
    .select()
    .from(scoreCandidates)
    .where(lte(scoreCandidates.nextCheckAt, now))
    .orderBy(asc(scoreCandidates.nextCheckAt))
    .limit(limit);
}

/**
 * Reddit items (only Reddit's: another site's ids mean nothing to /api/info, which would then
 * leave them out as if deleted) of mentions younger than 48 h whose refresh is due: at rising intervals, each
 * once the time since the last refresh (or since creation) exceeds half the item's age, and at
 * least 15 minutes: about 8 refreshes over the 48 hours. Oldest refresh first.
 */
export async function dueMentionItems(db: DbOrTx, now: Date, limit: number) {
  if (limit <= 0) return [];
  const last = sql`coalesce(${mentions.refreshedAt}, ${mentions.redditCreatedAt})`;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const rows = await db
    .select({ redditId: mentions.itemId })
    .from(mentions)
    .where(
      and(
        eq(mentions.source, 'reddit'),
        gt(mentions.redditCreatedAt, new Date(now.getTime() - REFRESH_MAX_AGE_MS)),
        isNull(mentions.removedAt),
        sql`${last} < ${nowSql} - greatest(interval '15 minutes', (${nowSql} - ${mentions.redditCreatedAt}) / 2)`,
      ),
    )
    .groupBy(mentions.itemId)
    .orderBy(sql`min(${last})`)
    .limit(limit);
  return rows.map((row) => row.redditId);
}

/**
 * Members' replies on Reddit (DESIGN §9) younger than 48 h whose refresh is due, on the
 * mentions' schedule: their score and whether they still stand come from the same /api/info
 * batches, within the same share of the budget.
 */
export async function dueReplyItems(db: DbOrTx, now: Date, limit: number) {
  if (limit <= 0) return [];
  const last = sql`coalesce(${mentions.replyRefreshedAt}, ${mentions.replyCreatedAt})`;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const rows = await db
    .select({ replyId: mentions.replyItemId })
    .from(mentions)
    .where(
      and(
        eq(mentions.source, 'reddit'),
        isNotNull(mentions.replyItemId),
        gt(mentions.replyCreatedAt, new Date(now.getTime() - REFRESH_MAX_AGE_MS)),
        isNull(mentions.replyRemovedAt),
        sql`${last} < ${nowSql} - greatest(interval '15 minutes', (${nowSql} - ${mentions.replyCreatedAt}) / 2)`,
      ),
    )
    .groupBy(mentions.replyItemId)
    .orderBy(sql`min(${last})`)
    .limit(limit);
  return rows.map((row) => row.replyId!);
}

/** New score and comment count of every alert's copy of the item (a comment's count is its post's, not in /api/info). */
export async function refreshMentions(db: DbOrTx, item: RedditItem, now: Date) {
  await db
    .update(mentions)
    .set({
      score: item.score,
      ...(item.kind === 'post' ? { commentCount: item.commentCount } : {}),
      refreshedAt: now,
      ...(item.removed ? { removedAt: now, ...REMOVED_CONTENT } : {}),
    })
    .where(
      and(
        eq(mentions.source, 'reddit'),
        eq(mentions.itemId, item.fullname),
        isNull(mentions.removedAt),
      ),
    );
}

/** Items /api/info no longer returns were deleted on Reddit. */
export async function markMentionsGone(db: DbOrTx, redditIds: string[], now: Date) {
  if (redditIds.length === 0) return;
  await db
    .update(mentions)
    .set({ removedAt: now, refreshedAt: now, ...REMOVED_CONTENT })
    .where(
      and(
        eq(mentions.source, 'reddit'),
        inArray(mentions.itemId, redditIds),
        isNull(mentions.removedAt),
      ),
    );
}

export async function deleteCandidate(db: DbOrTx, row: Pick<CandidateRow, 'alertId' | 'redditId'>) {
  await db
    .delete(scoreCandidates)
    .where(
      and(eq(scoreCandidates.alertId, row.alertId), eq(scoreCandidates.redditId, row.redditId)),
    );
}

export async function rescheduleCandidate(
  db: DbOrTx,
  row: Pick<CandidateRow, 'alertId' | 'redditId'>,
  set: { score: number; checks: number; nextCheckAt: Date },
) {
  await db
    .update(scoreCandidates)
    .set(set)
    .where(
      and(eq(scoreCandidates.alertId, row.alertId), eq(scoreCandidates.redditId, row.redditId)),
    );
}
