import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { SourceName } from '@shared/sources';
import type { DbOrTx } from '../../db/client';
import { mentions } from '../../db/schema';
import { notifyLive } from '../../live';
import type { SourceItem } from '../../sources';

/** A recorded reply is followed (its score, the comments under it, its removal) this long. */
export const FOLLOW_REPLY_MS = 48 * 3600_000;

const followedSince = (now: Date) =>
  gt(mentions.replyCreatedAt, new Date(now.getTime() - FOLLOW_REPLY_MS));

/** The ids among `ids` that are replies recorded on `source` and still followed. */
async function followedReplies(tx: DbOrTx, source: SourceName, ids: string[], now: Date) {
  if (ids.length === 0) return new Set<string>();
  const rows = await tx
    .selectDistinct({ id: mentions.replyItemId })
    .from(mentions)
    .where(
      and(eq(mentions.source, source), inArray(mentions.replyItemId, ids), followedSince(now)),
    );
  return new Set(rows.map((row) => row.id!));
}

const ofReply = (source: SourceName, replyId: string) =>
  and(eq(mentions.source, source), eq(mentions.replyItemId, replyId));

/**
 * What a read says of the replies recorded for 48 h (DESIGN §9): a comment under one is counted
 * among its replies, once however often it is read; the reply read again brings its score (where
 * the site gives one) and whether it was removed, which marks it and keeps it. Rides on the
 * reads ingestion makes anyway, in their transaction. Returns the workspaces whose mentions
 * changed.
 */
export async function followOwnReplies(tx: DbOrTx, items: SourceItem[], now: Date) {
  const touched = new Set<number>();
  const sources = new Set(items.map((item) => item.source));
  for (const source of sources) {
    const read = items.filter((item) => item.source === source);
    const asked = new Set(
      read.flatMap((item) => (item.parentId ? [item.id, item.parentId] : [item.id])),
    );
    const followed = await followedReplies(tx, source, [...asked], now);
    if (followed.size === 0) continue;
    for (const item of read) {
      const changed: { workspaceId: number }[] = [];
      if (followed.has(item.id)) {
        changed.push(
          ...(await tx
            .update(mentions)
            .set({
              replyScore: item.score ?? sql`${mentions.replyScore}`,
              replyRefreshedAt: now,
              ...(item.removed
                ? {
                    replyRemovedAt: sql`coalesce(${mentions.replyRemovedAt}, ${now.toISOString()}::timestamptz)`,
                  }
                : {}),
            })
            .where(ofReply(source, item.id))
            .returning({ workspaceId: mentions.workspaceId })),
        );
      }
      if (item.kind === 'comment' && item.parentId && followed.has(item.parentId)) {
        const children = sql`coalesce(${mentions.replyChildIds}, '{}'::text[])`;
        changed.push(
          ...(await tx
            .update(mentions)
            .set({
              replyChildIds: sql`array_append(${children}, ${item.id})`,
              replyReplies: sql`coalesce(${mentions.replyReplies}, 0) + 1`,
            })
            .where(and(ofReply(source, item.parentId), sql`not (${item.id} = any(${children}))`))
            .returning({ workspaceId: mentions.workspaceId })),
        );
      }
      for (const row of changed) touched.add(row.workspaceId);
    }
  }
  return touched;
}

/** Replies the site said were deleted (a Bluesky delete, a Reddit re-check): kept, marked. */
export async function markRepliesRemoved(
  tx: DbOrTx,
  source: SourceName,
  replyIds: string[],
  now: Date,
) {
  if (replyIds.length === 0) return new Set<number>();
  const rows = await tx
    .update(mentions)
    .set({ replyRemovedAt: now, replyRefreshedAt: now })
    .where(
      and(
        eq(mentions.source, source),
        inArray(mentions.replyItemId, replyIds),
        isNull(mentions.replyRemovedAt),
      ),
    )
    .returning({ workspaceId: mentions.workspaceId });
  return new Set(rows.map((row) => row.workspaceId));
}

/** Tells the open pages of these workspaces their mentions changed, once the read commits. */
export async function announceReplies(tx: DbOrTx, workspaces: Iterable<number>) {
  const events = [...new Set(workspaces)].map((workspaceId) => ({
    type: 'mentions' as const,
    workspaceId,
  }));
  if (events.length > 0) await notifyLive(tx, events);
}
