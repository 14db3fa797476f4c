import { and, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blueskyHandles, mentions, userIdentities, workspaceMembers } from '../../db/schema';
import type { SourceItem } from '../../sources';

const keyOf = (source: string, author: string) => `${source} ${author.toLowerCase()}`;

/**
 * The people whose identity wrote some of these comments, by (site, author). A Bluesky author
 * may be a DID (its handle not yet learned from the stream): it is also looked up through the
 * handles Earshot knows.
 */
async function identityHolders(tx: DbOrTx, comments: SourceItem[]) {
  const dids = [
    ...new Set(comments.filter((c) => c.author.startsWith('did:')).map((c) => c.author)),
  ];
  const handles = dids.length
    ? await tx
        .select({ did: blueskyHandles.did, handle: blueskyHandles.handle })
        .from(blueskyHandles)
        .where(inArray(blueskyHandles.did, dids))
    : [];
  const handleOf = new Map(handles.map((row) => [row.did, row.handle.toLowerCase()]));
  // The names per site, looked up by the (source, name_key) index.
  const names = new Map<string, Set<string>>();
  const add = (source: string, name: string) =>
    names.set(source, (names.get(source) ?? new Set()).add(name.toLowerCase()));
  for (const comment of comments) add(comment.source, comment.author);
  for (const handle of handleOf.values()) add('bluesky', handle);
  const rows = await tx
    .select({
      userId: userIdentities.userId,
      source: userIdentities.source,
      nameKey: userIdentities.nameKey,
    })
    .from(userIdentities)
    .where(
      or(
        ...[...names].map(([source, keys]) =>
          and(eq(userIdentities.source, source), inArray(userIdentities.nameKey, [...keys])),
        ),
      ),
    );
  const holders = new Map<string, number[]>();
  for (const row of rows) {
    const key = keyOf(row.source, row.nameKey);
    holders.set(key, [...(holders.get(key) ?? []), row.userId]);
  }
  return (comment: SourceItem) =>
    holders.get(keyOf(comment.source, comment.author)) ??
    holders.get(keyOf('bluesky', handleOf.get(comment.author) ?? '')) ??
    [];
}

/**
 * A read's comments by the people Earshot serves (DESIGN §9): one in the thread of a mention
 * of a workspace its writer belongs to marks that mention replied by them, and records the
 * reply (its link, time and score), unless a reply was recorded already. A mark made by hand
 * keeps its author and time. Rides on the reads ingestion makes anyway: no request of its own.
 * Runs in the read's transaction, so a read replayed after a crash records nothing twice.
 * Returns the workspaces whose mentions it marked.
 */
export async function recordOwnReplies(tx: DbOrTx, items: SourceItem[], now: Date) {
  const touched = new Set<number>();
  const comments = items.filter(
    (item) => item.kind === 'comment' && item.threadId !== undefined && !item.removed,
  );
  if (comments.length === 0) return touched;
  const holdersOf = await identityHolders(tx, comments);
  for (const comment of comments) {
    for (const userId of holdersOf(comment)) {
      const rows = await tx
        .update(mentions)
        .set({
          hasReplied: true,
          repliedByUserId: sql`coalesce(${mentions.repliedByUserId}, ${userId})`,
          repliedAt: sql`coalesce(${mentions.repliedAt}, ${comment.createdAt.toISOString()}::timestamptz)`,
          replyItemId: comment.id,
          replyPermalink: comment.permalink,
          replyCreatedAt: comment.createdAt,
          replyScore: comment.score,
          replyReplies: 0,
          replyRefreshedAt: now,
        })
        .where(
          and(
            eq(mentions.source, comment.source),
            eq(mentions.threadId, comment.threadId!),
            isNull(mentions.replyItemId),
            ne(mentions.itemId, comment.id),
            lte(mentions.redditCreatedAt, comment.createdAt),
            inArray(
              mentions.workspaceId,
              tx
                .select({ id: workspaceMembers.workspaceId })
                .from(workspaceMembers)
                .where(eq(workspaceMembers.userId, userId)),
            ),
          ),
        )
        .returning({ workspaceId: mentions.workspaceId });
      for (const row of rows) touched.add(row.workspaceId);
    }
  }
  return touched;
}
