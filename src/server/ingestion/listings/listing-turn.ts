import type { ListingPage, RedditItem } from '../../reddit';
import { firstSeenItems } from '../post-ids/claim-posts';
import { estimateMissed, matchItems, oldest, sampleRate } from '../page-items';
import { storeMatches } from '../store-mentions';
import { redditSourceItem } from '../reddit-source-item';
import { trackOwnReplies } from '../replies/track-own-replies';
import {
  PAGE,
  checkedBack,
  cursorAt,
  fullPagesDue,
  isShort,
  newestPageSuffices,
  pageWaiting,
  positionsOf,
  type Cursor,
  type Position,
} from './listing-pages';
import { listingPath } from './listing-plan';
import {
  readSucceeded,
  recordGap,
  splitNames,
  updateLeased,
  type ListingRow,
  type ListingUpdate,
} from './listing-repo';
import { countCoverage, saveRereadState, type RereadState } from './reread-state';
import { noteSubredditsInAll } from './subreddits-in-all';
import type { PollDeps, TurnResult } from './turn-types';

/** Reddit keeps about this many items reachable per listing. */
const LISTING_WINDOW_PAGES = 10;

/**
 * What a page's read does to the cursor and to the listing row besides; on a page that starts
 * behind the cursor, what lies below `behind` (the cursor's item) counts as caught late.
 */
type StoreOptions = { advance: boolean; extra?: ListingUpdate; behind?: string };

/**
 * One turn on one leased listing: its cursor, moved page by page, its reads (the first page of
 * a listing never read, the forward reads from the cursor or from the anchor behind it), its
 * recovery after an empty `before` page or a resync, and its result. Each page is read under a
 * renewed lease and stored with its cursor move.
 */
export class ListingTurn {
  readonly result: TurnResult = { newItems: 0, coveredMs: 0, requests: 0, caughtUp: false };
  readonly path: string;
  private current: Cursor;
  /** The creation time of the cursor the turn started from (ms); none for a first read. */
  private readonly startedFrom: number | undefined;
  /** Items this turn stored first, by the read that found them. */
  private readonly firstSeen = { live: 0, late: 0 };

  constructor(
    readonly deps: PollDeps,
    readonly listing: ListingRow,
    private readonly signal: AbortSignal | undefined,
    private readonly rereadState: RereadState,
  ) {
    this.path = listingPath({
      scope: listing.scope,
      kind: listing.kind,
      subreddits: splitNames(listing.subreddits),
    });
    this.current = { fullname: listing.cursorFullname, createdAt: listing.cursorCreatedAt };
    this.startedFrom = this.current.createdAt?.getTime();
  }

  /** The cursor as stored: moved only by `store` and `moveCursorTo`. */
  get cursor(): Cursor {
    return this.current;
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

  /**
   * Pages with `before` until a short one, the full pages due on a busy listing, or the turn's
   * page limit. Returns whether the listing caught up. After a turn that caught up, the first
   * page starts `rereadItems` behind the cursor (the anchor): Reddit shows a late item a few
   * dozen below the newest, so below a cursor that was at the top, and this is where it lands.
   * A turn that did not catch up leaves no anchor: late items enter above its cursor.
   */
  async readForward(now: number) {
    const state = this.rereadState;
    const behind = state.anchor ? this.cursor.fullname : null;
    // Everything read from the anchor up, oldest first: the next anchor is taken from it.
    const chain: Position[] = state.anchor ? [state.anchor] : [];
    const { pollSeconds, rereadItems } = this.deps.settings;
    const pagesDue = fullPagesDue(this.listing, pollSeconds, state.anchor ? rereadItems : 0, now);
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
        if (reread) this.noteCheckedBack(page, reread, chain[0] ?? null);
        chain.push(...positionsOf(page).reverse());
        start = this.cursor.fullname ?? undefined;
        if (isShort(page)) return true;
        // A busy listing reads only the full pages due: the rest waits for the next turn, when
        // it fills a page too, instead of costing a request for a partial page now.
        if (pages >= pagesDue && !pageWaiting(page, this.listing, this.nowMs())) return true;
      }
      return false;
    })();
    // Nothing read (an empty page): the anchor stays, or is the one a recovery set.
    if (!caughtUp) state.anchor = null;
    else if (chain.length > 0) state.anchor = chain[Math.max(0, chain.length - 1 - rereadItems)];
    return caughtUp;
  }

  /**
   * Recovery after an empty `before` page or a resync: reads the newest page and, when the
   * cursor is not on it, back through Reddit's window to items strictly older than the cursor
   * (timestamps have whole seconds: an equal one proves nothing); what lies beyond the window
   * is recorded as a gap.
   */
  async recover() {
    const newest = await this.read({});
    const since = this.cursor.createdAt?.getTime();
    this.anchorOnPage(newest);
    if (since === undefined || newestPageSuffices(newest, this.cursor, since)) {
      await this.store(newest, { advance: true, extra: { resync: false } });
      return;
    }
    await this.store(newest, { advance: false });
    const { oldestRead, reached } = await this.walkBackToCursor(newest, since);
    if (!reached) await this.recordUnreachable(newest, oldestRead, since);
    // Every reachable page is stored: the cursor can move to the newest item now.
    await this.moveCursorTo(newest);
  }

  /** The re-read position and the coverage counts, for the next turn and the status. */
  async saveRereadState() {
    countCoverage(this.rereadState, this.nowMs(), this.firstSeen.live, this.firstSeen.late);
    await saveRereadState(this.deps.db, this.listing.id, this.rereadState);
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
    const next = advance && page.firstFullname ? cursorAt(page, this.current) : this.current;
    const first = await deps.db.transaction(async (tx) => {
      // A post another listing or the id enumeration stored first is not matched again.
      const first = await firstSeenItems(tx, fresh);
      await storeMatches(tx, matchItems(deps.index(), first), now, { models: deps.models });
      await trackOwnReplies(tx, fresh.map(redditSourceItem), now);
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
    this.current = next;
    deps.recent.addAll(
      listing.id,
      fresh.map((item) => item.fullname),
    );
    if (listing.scope === 'all') await noteSubredditsInAll(deps, fresh, now);
  }

  /** Moves the stored cursor to the page's newest item, once everything behind it is stored. */
  private async moveCursorTo(page: ListingPage) {
    this.current = cursorAt(page, this.current);
    await updateLeased(this.deps.db, this.listing.id, this.deps.owner, {
      cursorFullname: this.current.fullname,
      cursorCreatedAt: this.current.createdAt,
      resync: false,
    });
  }

  /** The next read starts `rereadItems` behind the newest item of this newest-first page. */
  private anchorOnPage(page: ListingPage) {
    const positions = positionsOf(page);
    this.rereadState.anchor =
      positions[Math.min(this.deps.settings.rereadItems, positions.length - 1)] ?? null;
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

  private nowMs() {
    return this.deps.clock.now().getTime();
  }

  /** The items and Reddit time the latest re-read went back over (the status). */
  private noteCheckedBack(page: ListingPage, behind: string, anchor: Position | null) {
    const back = checkedBack(page, behind, anchor);
    if (!back) return;
    this.rereadState.checkedBackItems = back.items;
    this.rereadState.checkedBackMs = back.spanMs;
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
  private async recordUnreachable(newest: ListingPage, oldestRead: ListingPage, since: number) {
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
}
