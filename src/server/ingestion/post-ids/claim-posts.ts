import type { DbOrTx } from '../../db/client';
import type { RedditItem } from '../../reddit';
import { postIdNumber } from './post-id-plan';
import { claimPostIds } from './post-ids-repo';

/**
 * The items this reader is first to see: every comment, and the posts whose ids no other
 * reader (a listing, the id enumeration) claimed before. Run in the transaction that stores
 * their mentions, so that a crash releases the claim with the mentions.
 */
export async function firstSeenItems(tx: DbOrTx, items: RedditItem[]): Promise<RedditItem[]> {
  const ids = new Map<RedditItem, number>();
  for (const item of items) {
    const id = item.kind === 'post' ? postIdNumber(item.fullname) : undefined;
    if (id !== undefined) ids.set(item, id);
  }
  const claimed = await claimPostIds(tx, [...ids.values()]);
  return items.filter((item) => !ids.has(item) || claimed.has(ids.get(item)!));
}
