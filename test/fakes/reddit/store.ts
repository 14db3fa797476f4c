import { olderThan, type StoredItem } from './items';
import type { RedditKind } from './types';

/**
 * Every item, plus one array per listing (each subreddit's posts and comments, and r/all's), kept
 * in listing order, oldest first so a page is a binary search and a slice, never a scan and sort.
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
   * Stores the item in its listings by creation time (a past `createdMs` lands below newer
   * items, where its creation time puts it).
   */
  insert(item: StoredItem): void {
    this.register(item);
    this.placeByCreation(item);
  }

  /**
   * Known by id but in no listing yet: a late item before it is shown. /api/info answers it
   * removed, as Reddit shows a spam-filtered or unapproved post; it enters the item log when it
   * is shown (`insertLate`), so the log keeps listing order for late items as before.
   */
  hold(item: StoredItem): void {
    item.held = true;
    item.removed = true;
    this.byName.set(item.fullname, item);
  }

  /** In /api/info and the log but in no listing, as posts Reddit withholds from listings. */
  insertUnlisted(item: StoredItem): void {
    item.unlisted = true;
    this.register(item);
  }

  /**
   * Stores an item late, as Reddit shows an approved or lagging item: `depth` items below the
   * newest of r/all (else of its subreddit) at `now`, whatever its creation time, so below a
   * reader's cursor; it then sinks as newer items arrive and leaves the window after about
   * `listingWindow` more. Its subreddit listing puts it below the same items (the listings
   * agree on order).
   */
  insertLate(item: StoredItem, now: number, depth: number): void {
    item.removed = false; // a held item is shown now
    this.register(item);
    const listing = this.array(item.kind, this.inAll(item.subKey) ? ALL : item.subKey);
    const at = Math.max(0, listing.length - Math.max(0, Math.floor(depth)));
    const below = listing[at - 1];
    const above = listing[at];
    if (!above) {
      // Nothing above: the newest item.
      item.rankMs = Math.max(item.createdMs, below?.rankMs ?? -Infinity);
      item.rankSeq = item.seq;
    } else if (!below) {
      item.rankMs = above.rankMs - 1;
      item.rankSeq = item.seq;
    } else {
      // A key strictly between its neighbours'.
      item.rankMs = below.rankMs;
      const next = above.rankMs === below.rankMs ? above.rankSeq : below.rankSeq + 1;
      item.rankSeq = below.rankSeq + (next - below.rankSeq) / 2;
    }
    this.place(item);
    item.insertedMs = now;
    item.insertedDepth = listing.length - 1 - lowerBound(listing, item);
  }

  /** Into the log (a held item leaves its hold); `seq` orders items created in one ms. */
  private register(item: StoredItem): void {
    item.held = false;
    item.seq = ++this.seq;
    this.byName.set(item.fullname, item);
    this.log.push(item);
  }

  private placeByCreation(item: StoredItem): void {
    item.rankMs = item.createdMs;
    item.rankSeq = item.seq;
    this.place(item);
  }

  private place(item: StoredItem): void {
    insertSorted(this.array(item.kind, item.subKey), item);
    if (this.inAll(item.subKey)) insertSorted(this.array(item.kind, ALL), item);
    if (item.kind === 't3') insertSorted(this.array('t3', EVERY), item);
  }

  /** Gone from every listing; /api/info still answers it, marked removed. */
  remove(fullname: string): void {
    const item = this.byName.get(fullname);
    // A held item removed by a moderator is never shown: it stays removed, now in the log.
    if (item?.held) this.register(item);
    if (!item || item.removed) return;
    item.removed = true;
    removeSorted(this.array(item.kind, item.subKey), item);
    removeSorted(this.array(item.kind, ALL), item);
    if (item.kind === 't3') removeSorted(this.array('t3', EVERY), item);
  }

  /**
   * Approved by a moderator: a removed (or held) item is shown again where its creation time
   * puts it, unless it is unlisted. An item its author deleted stays gone.
   */
  approve(fullname: string): void {
    const item = this.byName.get(fullname);
    if (!item?.removed || this.deleted.has(fullname)) return;
    if (item.held) this.register(item);
    item.removed = false;
    if (!item.unlisted) this.placeByCreation(item);
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

/** Inserts in listing order (rankMs, rankSeq). */
function insertSorted(array: StoredItem[], item: StoredItem): void {
  const last = array[array.length - 1];
  if (!last || olderThan(last, item)) array.push(item);
  else array.splice(lowerBound(array, item), 0, item);
}

function removeSorted(array: StoredItem[], item: StoredItem): void {
  const at = lowerBound(array, item);
  if (array[at] === item) array.splice(at, 1);
}
