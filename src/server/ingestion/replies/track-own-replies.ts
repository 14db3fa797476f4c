import type { SourceName } from '@shared/sources';
import type { DbOrTx } from '../../db/client';
import type { SourceItem } from '../../sources';
import { announceReplies, followOwnReplies, markRepliesRemoved } from './follow-replies';
import { recordOwnReplies } from './record-own-replies';

/**
 * Everything a read tells about the people Earshot serves replying (DESIGN §9): their new
 * replies recorded, the recorded ones followed, the deletions the site reported marked. Called
 * by every reader in the transaction that stores its read; open pages hear of it on commit.
 */
export async function trackOwnReplies(
  tx: DbOrTx,
  items: SourceItem[],
  now: Date,
  removed?: { source: SourceName; ids: string[] },
) {
  const recorded = await recordOwnReplies(tx, items, now);
  const followed = await followOwnReplies(tx, items, now);
  const marked = removed ? await markRepliesRemoved(tx, removed.source, removed.ids, now) : [];
  await announceReplies(tx, [...recorded, ...followed, ...marked]);
}
