import { olderThan, type StoredItem } from './items';
import type { RedditKind } from './types';

/**
 * Every item, plus one array per listing (each subreddit's posts and comments, and r/all's), kept
 * sorted oldest-first so a page is a binary search and a slice, never a scan and sort.
 */
export class Store {
  readonly byName = new Map<string, StoredItem>();
  /** Every item ever created, in creation order (ground truth for benchmarks). */
  readonly log: StoredItem[] = [];
  readonly optedOut = new Set<string>();
  readonly forbidden = new Map<string, 403 | 404>();
  readonly deleted = new Set<string>();
  private readonly listings = new Map<string, StoredItem[]>();
  private seq = 0;

  /**
   * Stores the item in its listings by creation time. An item stored after newer ones (`now` past
   * its creation) is a late insertion: it lands below them, as Reddit's cached listings place an
   * approved or lagging item, and its depth there is noted (beyond the window: never served).
   */
  insert(item: StoredItem, now?: number): void {
    item.seq = ++this.seq;
    this.byName.set(item.fullname, item);
    this.log.push(item);
    const depth = insertSorted(this.array(item.kind, item.subKey), item);
    const depthInAll = this.inAll(item.subKey)
      ? insertSorted(this.array(item.kind, ALL), item)
      : undefined;
    if (item.kind === 't3') insertSorted(this.array('t3', EVERY), item);
    if (now !== undefined && now > item.createdMs) {
      item.insertedMs = now;
      item.insertedDepth = depthInAll ?? depth;
    }
  }

  /** Gone from every listing; /api/info still answers it, marked removed. */
  remove(fullname: string): void {
    const item = this.byName.get(fullname);
    if (!item || item.removed) return;
    item.removed = true;
    removeSorted(this.array(item.kind, item.subKey), item);
    removeSorted(this.array(item.kind, ALL), item);
    if (item.kind === 't3') removeSorted(this.array('t3', EVERY), item);
  }

  /** Deleted by its author: gone from listings and from /api/info alike. */
  delete(fullname: string): void {
    this.remove(fullname);
    this.deleted.add(fullname);
  }

  /** Every visible post, opted-out subreddits included (search is not r/all). */
  everyPost(): readonly StoredItem[] {
    return this.array('t3', EVERY);
  }

  /** The listing of one subreddit key, or r/all for "all"; oldest first. */
  listing(kind: RedditKind, subKey: string): readonly StoredItem[] {
    return this.listings.get(`${kind}:${subKey === 'all' ? ALL : subKey}`) ?? [];
  }

  optOutOfAll(subKey: string): void {
    this.optedOut.add(subKey);
    this.dropFromAll(subKey);
  }

  /** Quarantined, private or banned: its own listings answer `status`, r/all leaves it out. */
  forbid(subKey: string, status: 403 | 404): void {
    this.forbidden.set(subKey, status);
    this.dropFromAll(subKey);
  }

  private inAll(subKey: string): boolean {
    return !this.optedOut.has(subKey) && !this.forbidden.has(subKey);
  }

  private dropFromAll(subKey: string): void {
    for (const kind of ['t1', 't3'] as const) {
      const key = `${kind}:${ALL}`;
      const all = this.listings.get(key);
      if (all)
        this.listings.set(
          key,
          all.filter((item) => item.subKey !== subKey),
        );
    }
  }

  private array(kind: RedditKind, subKey: string): StoredItem[] {
    const key = `${kind}:${subKey}`;
    let array = this.listings.get(key);
    if (!array) this.listings.set(key, (array = []));
    return array;
  }
}

// Not a valid subreddit name, so no subreddit can collide with r/all's array.
const ALL = '*all';
const EVERY = '*every';

/** Index of the first element not older than `item` (where `item` is or would be). */
export function lowerBound(array: readonly StoredItem[], item: StoredItem): number {
  let lo = 0;
  let hi = array.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (olderThan(array[mid], item)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Inserts in creation order; returns how many newer items the listing holds above it. */
function insertSorted(array: StoredItem[], item: StoredItem): number {
  const last = array[array.length - 1];
  if (!last || olderThan(last, item)) {
    array.push(item);
    return 0;
  }
  const at = lowerBound(array, item);
  array.splice(at, 0, item); // a late insert
  return array.length - 1 - at;
}

function removeSorted(array: StoredItem[], item: StoredItem): void {
  const at = lowerBound(array, item);
  if (array[at] === item) array.splice(at, 1);
}
