import type { ListingPage } from '../../reddit';
import { oldest } from '../page-items';

// What a turn reads off one listing page: its length, its newest item as a cursor, the order of
// its items, whether it lies far behind the head, and how many full pages a busy listing reads.

export const PAGE = 100;

/** The newest item a listing has stored: each read goes on from here. */
export type Cursor = { fullname: string | null; createdAt: Date | null };

/** An item in the order the turn read it, for the next read's anchor. */
export type Position = { fullname: string; createdMs: number };
export const positionsOf = (page: ListingPage): Position[] =>
  page.items.map((item) => ({ fullname: item.fullname, createdMs: item.createdAt.getTime() }));

/**
 * What a re-read from an anchor went back over, from its first page (newest first, read
 * `before` the anchor): the items older than the cursor `behind`, and the Reddit time they
 * span, from the cursor's item back to the anchor (or to the oldest of them). Measured on the
 * listing itself, never estimated from its rate, which a quiet listing makes tiny. Null when
 * the cursor is not on the page.
 */
export function checkedBack(
  page: ListingPage,
  behind: string,
  anchor: Position | null,
): { items: number; spanMs: number } | null {
  const at = page.items.findIndex((item) => item.fullname === behind);
  if (at < 0) return null;
  const items = page.items.length - 1 - at;
  const from = page.items[at].createdAt.getTime();
  const back = anchor?.createdMs ?? page.items[page.items.length - 1].createdAt.getTime();
  return { items, spanMs: Math.max(0, from - back) };
}

/** A page with fewer entries than asked for: the listing has no more in that direction. */
export const isShort = (page: ListingPage) => page.items.length + page.skipped < PAGE;

/** A cursor on the page's newest item, keeping what the page lacks from `fallback`. */
export const cursorAt = (page: ListingPage, fallback: Cursor): Cursor => ({
  fullname: page.firstFullname ?? fallback.fullname,
  createdAt: page.items[0]?.createdAt ?? fallback.createdAt,
});

/** Newest item of a full page older than this: far behind the head, whatever the estimate. */
const BEHIND_MS = 3000;
export const clearlyBehind = (page: ListingPage, now: number) =>
  page.items.length > 0 && now - page.items[0].createdAt.getTime() > BEHIND_MS;

/**
 * The newest page leaves nothing out of reach: it holds the cursor, or items older than it,
 * or it is short. A short newest page is the whole listing (Reddit's window is far longer):
 * nothing is out of reach, even when the cursor's subreddit has left a regrouped listing.
 */
export function newestPageSuffices(newest: ListingPage, cursor: Cursor, since: number) {
  const found = newest.items.some((item) => item.fullname === cursor.fullname);
  return found || isShort(newest) || oldest(newest.items) < since;
}

/**
 * A full page more is waiting above this page's newest item: it is clearly old, or the
 * listing's rate fills a page in its age (less a second: timestamps have whole seconds). The
 * turn reads on, or what a busy listing leaves each turn would pile up until it left Reddit's
 * window (the re-read behind the cursor takes part of every turn's pages).
 */
export function pageWaiting(page: ListingPage, listing: { itemsPerMinute: number }, now: number) {
  if (page.items.length === 0) return false;
  if (clearlyBehind(page, now)) return true;
  const perMs = listing.itemsPerMinute / 60_000;
  return perMs * (now - page.items[0].createdAt.getTime() - 1000) >= PAGE;
}

/**
 * A listing with more than a page per poll interval is busy: what is due since the last
 * read (plus half a page left over, on average) is read in full pages only. A listing that
 * is not busy reads until a short page (Infinity). `rereadItems` is the re-read's depth when
 * the read starts from an anchor behind the cursor, else 0.
 */
export function fullPagesDue(
  listing: { itemsPerMinute: number; lastReadAt: Date | null },
  pollSeconds: number,
  rereadItems: number,
  now: number,
) {
  const perMs = listing.itemsPerMinute / 60_000;
  const busy = perMs * pollSeconds * 1000 >= PAGE;
  if (!busy || listing.lastReadAt === null) return Infinity;
  const since = now - listing.lastReadAt.getTime();
  return Math.max(1, Math.floor((perMs * since + rereadItems + PAGE / 2) / PAGE));
}
