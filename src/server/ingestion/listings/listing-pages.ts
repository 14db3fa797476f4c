import type { ListingPage } from '../../reddit';

// What a turn reads off one listing page: its length, its newest item as a cursor, the order of
// its items, and whether it lies far behind the head.

export const PAGE = 100;

/** The newest item a listing has stored: each read goes on from here. */
export type Cursor = { fullname: string | null; createdAt: Date | null };

/** An item in the order the turn read it, for the next read's anchor. */
export type Position = { fullname: string; createdMs: number };
export const positionsOf = (page: ListingPage): Position[] =>
  page.items.map((item) => ({ fullname: item.fullname, createdMs: item.createdAt.getTime() }));

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
