import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { AlertIndex } from '../../matching';
import type { ListingPage, RedditClient, RedditItem } from '../../reddit';
import { listingPath } from './listing-plan';
import {
  markSeenInAll,
  recordGap,
  splitNames,
  readSucceeded,
  updateLeased,
  type ListingRow,
  type ListingUpdate,
} from './listing-repo';
import { estimateMissed, matchItems, oldest, sampleRate } from '../page-items';
import type { RecentItems } from './recent-items';
import { countCoverage, loadSweepState, saveSweepState, type SweepState } from './sweep-repo';
import { storeMatches } from '../store-mentions';
import { firstSeenItems } from '../post-ids/claim-posts';

export type PollSettings = {
  /** Longest wait between two reads of a listing (REDDIT_POLL_SECONDS). */
  pollSeconds: number;
  leaseMs: number;
  /** Pages one turn reads before letting other listings go first. */
  maxPagesPerTurn: number;
  /**
   * Items behind the cursor a caught-up listing's next read starts from (`before` an item this
   * deep), where Reddit inserts late items (decision record 005, "Late items").
   */
  rereadItems: number;
};

/**
 * Reddit shows a late item (an approval, cache lag) 20–45 items below the newest of r/all
 * (issue 21's measurement); 15 more for the items that arrive while a page is fetched.
 */
export const REREAD_ITEMS = 60;

export const DEFAULT_POLL_SETTINGS: Omit<PollSettings, 'pollSeconds' | 'leaseMs'> = {
  maxPagesPerTurn: 5,
  rereadItems: REREAD_ITEMS,
};

export type PollDeps = {
  db: Db;
  reddit: RedditClient;
  clock: Clock;
  index: () => AlertIndex;
  owner: string;
  settings: PollSettings;
  recent: RecentItems;
  /** When this process last noted each subreddit as carried by r/all (ms). */
  seenInAll: Map<string, number>;
  log: Logger;
};

const PAGE = 100;
/** Reddit keeps about this many items reachable per listing. */
const LISTING_WINDOW_PAGES = 10;

export type TurnResult = {
  /** Items newer than the cursor the turn started from. */
  newItems: number;
  /** Reddit time those items span: from the starting cursor to the newest of them (ms). */
  coveredMs: number;
  requests: number;
  caughtUp: boolean;
};

/**
 * One turn on a leased listing: reads forward from the cursor with `before` until a short page,
 * storing each page's mentions and moving the cursor in one transaction, so that a crash at any
 * point loses and repeats nothing. Recovers from the newest page after an empty `before` page
 * (stale cache, vanished cursor, or fallen out of Reddit's window), recording a gap when items
 * could not be reached. Decision record 005 explains each rule.
 */
export async function pollListing(
  deps: PollDeps,
  listing: ListingRow,
  signal?: AbortSignal,
): Promise<TurnResult> {
  const turn = new ListingTurn(deps, listing, signal, await loadSweepState(deps.db, listing.id));
  if (!listing.cursorFullname) {
    await turn.readFirstPage();
    turn.result.caughtUp = true;
  } else if (listing.resync) {
    await turn.recover();
    turn.result.caughtUp = true;
  } else {
    turn.result.caughtUp = await turn.readForward(deps.clock.now().getTime());
  }
  await turn.saveSweepState();
  return turn.result;
}

/** The newest item a listing has stored: each read goes on from here. */
type Cursor = { fullname: string | null; createdAt: Date | null };

/**
 * What a page's read does to the cursor and to the listing row besides; on a page that starts
 * behind the cursor, what lies below `behind` (the cursor's item) counts as caught late.
 */
type StoreOptions = { advance: boolean; extra?: ListingUpdate; behind?: string };

/** An item in the order the turn read it, for the next read's anchor. */
type Position = { fullname: string; createdMs: number };
const positionsOf = (page: ListingPage): Position[] =>
  page.items.map((item) => ({ fullname: item.fullname, createdMs: item.createdAt.getTime() }));

/** A page with fewer entries than asked for: the listing has no more in that direction. */
const isShort = (page: ListingPage) => page.items.length + page.skipped < PAGE;

/** A cursor on the page's newest item, keeping what the page lacks from `fallback`. */
const cursorAt = (page: ListingPage, fallback: Cursor): Cursor => ({
  fullname: page.firstFullname ?? fallback.fullname,
  createdAt: page.items[0]?.createdAt ?? fallback.createdAt,
});

/** The state of one turn on one listing: its cursor, moved page by page, and its result. */
class ListingTurn {
  readonly result: TurnResult = { newItems: 0, coveredMs: 0, requests: 0, caughtUp: false };
  private readonly path: string;
  private cursor: Cursor;
  /** The creation time of the cursor the turn started from (ms); none for a first read. */
  private readonly startedFrom: number | undefined;

  constructor(
    private readonly deps: PollDeps,
    private readonly listing: ListingRow,
    private readonly signal: AbortSignal | undefined,
    private readonly sweepState: SweepState,
  ) {
    this.path = listingPath({
      scope: listing.scope,
      kind: listing.kind,
      subreddits: splitNames(listing.subreddits),
    });
    this.cursor = { fullname: listing.cursorFullname, createdAt: listing.cursorCreatedAt };
    this.startedFrom = this.cursor.createdAt?.getTime();
  }

  /** A listing never read: its newest page, and the cursor on that page's newest item. */
  async readFirstPage() {
    const newest = await this.read({});
    await this.store(newest, { advance: true, extra: { resync: false } });
    this.anchorOnPage(newest);
    // A first rate from the page itself, so that a busy listing is not left for a whole
    // REDDIT_POLL_SECONDS before its second read.
    sampleRate(this.result, newest.items);
  }

  /** The next read starts `rereadItems` behind the newest item of this newest-first page. */
  private anchorOnPage(page: ListingPage) {
    const positions = positionsOf(page);
    this.sweepState.anchor =
      positions[Math.min(this.deps.settings.rereadItems, positions.length - 1)] ?? null;
  }

  /** The items and creation time the latest re-read went back over (the status). */
  private noteCheckedBack(page: ListingPage, behind: string) {
    const at = page.items.findIndex((item) => item.fullname === behind);
    if (at < 0) return;
    const items = page.items.length - 1 - at;
    const perMs = this.listing.itemsPerMinute / 60_000;
    this.sweepState.checkedBackItems = items;
    this.sweepState.checkedBackMs = perMs > 0 ? Math.round(items / perMs) : null;
  }

  /** The re-read position and the coverage counts, for the next turn and the status. */
  async saveSweepState() {
    countCoverage(
      this.sweepState,
      this.deps.clock.now().getTime(),
      this.firstSeen.live,
      this.firstSeen.late,
    );
    await saveSweepState(this.deps.db, this.listing.id, this.sweepState);
  }

  /** Items this turn stored first, by the read that found them. */
  private readonly firstSeen = { live: 0, late: 0 };

  /**
   * Pages with `before` until a short one, the full pages due on a busy listing, or the turn's
   * page limit. Returns whether the listing caught up. After a turn that caught up, the first
   * page starts `rereadItems` behind the cursor (the anchor): Reddit shows a late item a few
   * dozen below the newest, so below a cursor that was at the top, and this is where it lands.
   * A turn that did not catch up leaves no anchor: late items enter above its cursor.
   */
  async readForward(now: number) {
    const state = this.sweepState;
    const behind = state.anchor ? this.cursor.fullname : null;
    // Everything read from the anchor up, oldest first: the next anchor is taken from it.
    const chain: Position[] = state.anchor ? [state.anchor] : [];
    const pagesDue = this.fullPagesDue(now, state.anchor !== null);
    let start = state.anchor?.fullname ?? this.cursor.fullname ?? undefined;
    const caughtUp = await (async () => {
      for (let pages = 1; pages <= this.deps.settings.maxPagesPerTurn; pages++) {
        if (this.signal?.aborted) return false;
        const page = await this.read({ before: start });
        if (page.items.length === 0 && page.skipped === 0) {
          if (start !== (this.cursor.fullname ?? undefined)) {
            // The anchor is gone (removed, or out of the window): on from the cursor.
            chain.length = 0;
            start = this.cursor.fullname ?? undefined;
            continue;
          }
          await this.afterEmptyPage(page, now);
          return true;
        }
        const reread = pages === 1 && behind !== null ? behind : undefined;
        await this.store(page, { advance: true, behind: reread });
        if (reread) this.noteCheckedBack(page, reread);
        chain.push(...positionsOf(page).reverse());
        start = this.cursor.fullname ?? undefined;
        if (isShort(page)) return true;
        // A busy listing reads only the full pages due: the rest waits for the next turn, when
        // it fills a page too, instead of costing a request for a partial page now.
        if (pages >= pagesDue && !this.pageWaiting(page)) return true;
      }
      return false;
    })();
    const depth = this.deps.settings.rereadItems;
    // Nothing read (an empty page): the anchor stays, or is the one a recovery set.
    if (!caughtUp) state.anchor = null;
    else if (chain.length > 0) state.anchor = chain[Math.max(0, chain.length - 1 - depth)];
    return caughtUp;
  }

  /**
   * A full page more is waiting above this page's newest item: it is clearly old, or the
   * listing's rate fills a page in its age (less a second: timestamps have whole seconds). The
   * turn reads on, or what a busy listing leaves each turn would pile up until it left Reddit's
   * window (the re-read behind the cursor takes part of every turn's pages).
   */
  private pageWaiting(page: ListingPage) {
    const now = this.deps.clock.now().getTime();
    if (page.items.length === 0) return false;
    if (clearlyBehind(page, now)) return true;
    const perMs = this.listing.itemsPerMinute / 60_000;
    return perMs * (now - page.items[0].createdAt.getTime() - 1000) >= PAGE;
  }

  /**
   * A listing with more than a page per poll interval is busy: what is due since the last
   * read (plus half a page left over, on average) is read in full pages only. A listing that
   * is not busy reads until a short page (Infinity).
   */
  private fullPagesDue(now: number, anchored: boolean) {
    const { itemsPerMinute, lastReadAt } = this.listing;
    const perMs = itemsPerMinute / 60_000;
    const busy = perMs * this.deps.settings.pollSeconds * 1000 >= PAGE;
    if (!busy || lastReadAt === null) return Infinity;
    const since = now - lastReadAt.getTime();
    const reread = anchored ? this.deps.settings.rereadItems : 0;
    return Math.max(1, Math.floor((perMs * since + reread + PAGE / 2) / PAGE));
  }

  /**
   * Nothing new, a stale cached page, or a cursor Reddit no longer has. Where many items are
   * due, find out now; otherwise the next turn reads the newest page.
   */
  private async afterEmptyPage(page: ListingPage, now: number) {
    const sinceLastRead = now - (this.listing.lastReadAt?.getTime() ?? now);
    if ((this.listing.itemsPerMinute * sinceLastRead) / 60_000 > PAGE / 2) await this.recover();
    else await this.store(page, { advance: false, extra: { resync: true } });
  }

  /**
   * Reads the newest page and, when the cursor is not on it, back through Reddit's window to
   * items strictly older than the cursor (timestamps have whole seconds: an equal one proves
   * nothing); what lies beyond the window is recorded as a gap.
   */
  async recover() {
    const newest = await this.read({});
    const since = this.cursor.createdAt?.getTime();
    this.anchorOnPage(newest);
    if (since === undefined || this.newestPageSuffices(newest, since)) {
      await this.store(newest, { advance: true, extra: { resync: false } });
      return;
    }
    await this.store(newest, { advance: false });
    const { oldestRead, reached } = await this.walkBackToCursor(newest, since);
    if (!reached) await this.recordGap(newest, oldestRead, since);
    // Every reachable page is stored: the cursor can move to the newest item now.
    await this.moveCursorTo(newest);
  }

  /**
   * The newest page leaves nothing out of reach: it holds the cursor, or items older than it,
   * or it is short. A short newest page is the whole listing (Reddit's window is far longer):
   * nothing is out of reach, even when the cursor's subreddit has left a regrouped listing.
   */
  private newestPageSuffices(newest: ListingPage, since: number) {
    const found = newest.items.some((item) => item.fullname === this.cursor.fullname);
    return found || isShort(newest) || oldest(newest.items) < since;
  }

  /**
   * Pages back with `after` from the newest page, storing each, until items older than the
   * cursor (`reached`), the listing's end or Reddit's window. Returns the last page read.
   */
  private async walkBackToCursor(newest: ListingPage, since: number) {
    let older = newest;
    for (let page = 1; page < LISTING_WINDOW_PAGES; page++) {
      if (isShort(older) || !older.lastFullname) break;
      older = await this.read({ after: older.lastFullname });
      await this.store(older, { advance: false });
      if (older.items.length > 0 && oldest(older.items) < since) {
        return { oldestRead: older, reached: true };
      }
    }
    return { oldestRead: older, reached: false };
  }

  /** Records the span between the cursor and the oldest item that could be read as a gap. */
  private async recordGap(newest: ListingPage, oldestRead: ListingPage, since: number) {
    const { deps, listing } = this;
    const reachable = [...newest.items, ...(oldestRead === newest ? [] : oldestRead.items)];
    const until = oldest(reachable);
    await recordGap(deps.db, {
      listingId: listing.id,
      detectedAt: deps.clock.now(),
      fromTime: new Date(since),
      toTime: new Date(until),
      estimatedItems: estimateMissed(listing, this.cursor.fullname, reachable, since, until),
      reason: 'fell behind Reddit’s listing window, or the cursor item vanished',
    });
    deps.log.warn({ listing: this.path, from: new Date(since) }, 'ingestion gap recorded');
    // The rate comes from what could be read, not from the span since the lost cursor.
    sampleRate(this.result, reachable);
  }

  /** Moves the stored cursor to the page's newest item, once everything behind it is stored. */
  private async moveCursorTo(page: ListingPage) {
    this.cursor = cursorAt(page, this.cursor);
    await updateLeased(this.deps.db, this.listing.id, this.deps.owner, {
      cursorFullname: this.cursor.fullname,
      cursorCreatedAt: this.cursor.createdAt,
      resync: false,
    });
  }

  /** One page of the listing, under a renewed lease. */
  private async read(params: { before?: string; after?: string }) {
    const { deps, listing } = this;
    // Each read (with its retries) gets a whole lease: a worker that dies mid-read holds the
    // listing for one lease at most.
    await updateLeased(deps.db, listing.id, deps.owner, {
      leaseUntil: new Date(deps.clock.now().getTime() + deps.settings.leaseMs),
    });
    const page = await deps.reddit.listing(this.path, { limit: PAGE, ...params }, this.signal);
    this.result.requests++;
    deps.log.trace({ listing: listing.id, ...params, items: page.items.length }, 'listing read');
    return page;
  }

  /**
   * Stores the page's new items and their mentions, with the cursor on its first item when
   * `advance`, in one transaction: a crash repeats the page, never loses it.
   */
  private async store(page: ListingPage, { advance, extra = {}, behind }: StoreOptions) {
    const { deps, listing } = this;
    // Once: an item is new when this listing has not stored it (a set of ids, not "newer than").
    const fresh = page.items.filter((item) => !deps.recent.has(listing.id, item.fullname));
    const now = deps.clock.now();
    const next = advance && page.firstFullname ? cursorAt(page, this.cursor) : this.cursor;
    const first = await deps.db.transaction(async (tx) => {
      // A post another listing or the id enumeration stored first is not matched again.
      const first = await firstSeenItems(tx, fresh);
      await storeMatches(tx, matchItems(deps.index(), first), now);
      await updateLeased(tx, listing.id, deps.owner, {
        cursorFullname: next.fullname,
        cursorCreatedAt: next.createdAt,
        leaseUntil: new Date(now.getTime() + deps.settings.leaseMs),
        ...readSucceeded(now, fresh.length, page.skipped),
        ...extra,
      });
      return first;
    });
    this.countNewItems(fresh);
    const at = behind === undefined ? -1 : page.items.findIndex((i) => i.fullname === behind);
    const below = new Set(at < 0 ? [] : page.items.slice(at + 1).map((i) => i.fullname));
    const late = first.filter((item) => below.has(item.fullname)).length;
    this.firstSeen.late += late;
    this.firstSeen.live += first.length - late;
    this.cursor = next;
    deps.recent.addAll(
      listing.id,
      fresh.map((item) => item.fullname),
    );
    if (listing.scope === 'all') await noteSubredditsInAll(deps, fresh, now);
  }

  /**
   * The rate counts items newer than the cursor: a first read, an overlap or a recovery also
   * sees older ones, which say nothing about how fast the listing moves.
   */
  private countNewItems(fresh: RedditItem[]) {
    if (this.startedFrom === undefined) return;
    for (const item of fresh) {
      const created = item.createdAt.getTime();
      if (created < this.startedFrom) continue;
      this.result.newItems++;
      this.result.coveredMs = Math.max(this.result.coveredMs, created - this.startedFrom);
    }
  }
}

/** Newest item of a full page older than this: far behind the head, whatever the estimate. */
const BEHIND_MS = 3000;
const clearlyBehind = (page: ListingPage, now: number) =>
  page.items.length > 0 && now - page.items[0].createdAt.getTime() > BEHIND_MS;

const MARK_EVERY_MS = 3600_000;

/** Remembers which subreddits r/all carries (the planner then skips their own listings). */
async function noteSubredditsInAll(deps: PollDeps, items: RedditItem[], now: Date) {
  const marks = deps.seenInAll;
  const due = [...new Set(items.map((item) => item.subreddit.toLowerCase()))].filter(
    (name) => now.getTime() - (marks.get(name) ?? 0) >= MARK_EVERY_MS,
  );
  if (due.length === 0) return;
  await markSeenInAll(deps.db, due, now);
  for (const name of due) marks.set(name, now.getTime());
}
