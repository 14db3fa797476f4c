import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { AlertIndex } from '../../matching';
import {
  BudgetBusyError,
  type ListingPage,
  type RedditClient,
  type RedditItem,
} from '../../reddit';
import { listingPath } from './listing-plan';
import {
  isListingBehind,
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
import { SWEEP, type ListingSweep } from './sweep-plan';
import { countCoverage, loadSweepState, saveSweepState, type SweepState } from './sweep-repo';
import { storeMatches } from '../store-mentions';

export type PollSettings = {
  /** Longest wait between two reads of a listing (REDDIT_POLL_SECONDS). */
  pollSeconds: number;
  leaseMs: number;
  /** How often the items just behind the cursor are read again, for late insertions. */
  overlapMs: number;
  /** Pages one turn reads before letting other listings go first. */
  maxPagesPerTurn: number;
  /** Shortest time between two sweep passes of a listing (tests shorten it). */
  sweepMinPeriodMs: number;
};

export const DEFAULT_POLL_SETTINGS: Omit<PollSettings, 'pollSeconds' | 'leaseMs'> = {
  overlapMs: 120_000,
  maxPagesPerTurn: 5,
  sweepMinPeriodMs: SWEEP.minPeriodMs,
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
  /** The listing's sweep for late items, when the budget leaves room for one (sweep-plan.ts). */
  sweepOf?: (listingId: number) => ListingSweep | undefined;
  log: Logger;
};

/** Sweep pages one turn reads at most, so that other listings' live reads are not held up. */
const SWEEP_PAGES_PER_TURN = 3;

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
    turn.result.caughtUp = await turn.readOnFromCursor();
    const sweep = deps.sweepOf?.(listing.id);
    if (turn.result.caughtUp && sweep) await turn.sweep(sweep);
  }
  await turn.saveSweepState();
  return turn.result;
}

/** The newest item a listing has stored: each read goes on from here. */
type Cursor = { fullname: string | null; createdAt: Date | null };

/**
 * What a page's read does to the cursor and to the listing row besides; `late` pages (the
 * overlap and the sweep, behind the cursor) count what they find as caught late.
 */
type StoreOptions = { advance: boolean; extra?: ListingUpdate; late?: boolean };

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
    // A first rate from the page itself, so that a busy listing is not left for a whole
    // REDDIT_POLL_SECONDS before its second read.
    sampleRate(this.result, newest.items);
  }

  /** The usual turn: the overlap read when due, then forward. Returns whether it caught up. */
  async readOnFromCursor() {
    const now = this.deps.clock.now().getTime();
    const { overlapReadAt } = this.listing;
    if (!overlapReadAt || now - overlapReadAt.getTime() >= this.deps.settings.overlapMs) {
      await this.rereadBehindCursor(now);
    }
    return this.readForward(now);
  }

  /** The items just behind the cursor: Reddit inserts some late, behind newer ones. */
  private async rereadBehindCursor(now: number) {
    const page = await this.read({ after: this.cursor.fullname ?? undefined });
    await this.store(page, { advance: false, extra: { overlapReadAt: new Date(now) }, late: true });
  }

  /**
   * A step of the listing's sweep: starts a pass at the cursor when one is due, then reads up to
   * SWEEP_PAGES_PER_TURN pages back with `after`, within the sweeps' share of the budget (a slot
   * refused ends the step; the pass goes on next turn). A pass ends at its horizon, its page
   * count or the end of Reddit's window; it stores what the live reads missed, once.
   */
  async sweep(plan: ListingSweep) {
    const { deps, sweepState: state } = this;
    const now = deps.clock.now().getTime();
    let pass = state.pass;
    if (!pass) {
      const last = state.lastPassStartedAt;
      if (last !== null && now - last < plan.periodMs) return;
      pass = { startedAt: now, after: this.cursor.fullname, pages: 0, oldestMs: null };
    }
    // The live listings first: no sweep while any of them is behind.
    if (await isListingBehind(deps.db, deps.clock.now())) return;
    if (state.pass === null) state.lastPassStartedAt = pass.startedAt;
    state.pass = pass;
    for (let step = 0; step < SWEEP_PAGES_PER_TURN; step++) {
      if (this.signal?.aborted) return;
      let page: ListingPage;
      try {
        page = await this.read({ after: pass.after ?? undefined }, 'sweep');
      } catch (error) {
        if (error instanceof BudgetBusyError) return;
        throw error;
      }
      await this.store(page, { advance: false, late: true });
      pass.pages++;
      if (page.items.length > 0)
        pass.oldestMs = Math.min(pass.oldestMs ?? Infinity, oldest(page.items));
      pass.after = page.lastFullname;
      const done =
        isShort(page) ||
        !page.lastFullname ||
        pass.pages >= SWEEP.windowItems / SWEEP.pageItems ||
        (pass.oldestMs !== null && pass.oldestMs <= pass.startedAt - SWEEP.maxHorizonMs);
      if (done) {
        const reached = pass.startedAt - (pass.oldestMs ?? pass.startedAt);
        state.checkedBackMs = Math.max(0, Math.min(reached, SWEEP.maxHorizonMs) - plan.periodMs);
        state.pass = null;
        return;
      }
    }
  }

  /** The sweep's position and the coverage counts, for the next turn and the status. */
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
   * page limit. Returns whether the listing caught up.
   */
  private async readForward(now: number) {
    const pagesDue = this.fullPagesDue(now);
    for (let pages = 1; pages <= this.deps.settings.maxPagesPerTurn; pages++) {
      if (this.signal?.aborted) return false;
      const page = await this.read({ before: this.cursor.fullname ?? undefined });
      if (page.items.length === 0 && page.skipped === 0) {
        await this.afterEmptyPage(page, now);
        return true;
      }
      await this.store(page, { advance: true });
      if (isShort(page)) return true;
      // A busy listing reads only the full pages due: the rest waits for the next turn, when
      // it fills a page too, instead of costing a request for a partial page now.
      if (pages >= pagesDue && !clearlyBehind(page, this.deps.clock.now().getTime())) return true;
    }
    return false;
  }

  /**
   * A listing with more than a page per poll interval is busy: what is due since the last
   * read (plus half a page left over, on average) is read in full pages only. A listing that
   * is not busy reads until a short page (Infinity).
   */
  private fullPagesDue(now: number) {
    const { itemsPerMinute, lastReadAt } = this.listing;
    const perMs = itemsPerMinute / 60_000;
    const busy = perMs * this.deps.settings.pollSeconds * 1000 >= PAGE;
    if (!busy || lastReadAt === null) return Infinity;
    const since = now - lastReadAt.getTime();
    return Math.max(1, Math.floor((perMs * since + PAGE / 2) / PAGE));
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
  private async read(
    params: { before?: string; after?: string },
    priority: 'live' | 'sweep' = 'live',
  ) {
    const { deps, listing } = this;
    // Each read (with its retries) gets a whole lease: a worker that dies mid-read holds the
    // listing for one lease at most.
    await updateLeased(deps.db, listing.id, deps.owner, {
      leaseUntil: new Date(deps.clock.now().getTime() + deps.settings.leaseMs),
    });
    const page = await deps.reddit.listing(
      this.path,
      { limit: PAGE, ...params },
      this.signal,
      priority,
    );
    this.result.requests++;
    deps.log.trace({ listing: listing.id, ...params, items: page.items.length }, 'listing read');
    return page;
  }

  /**
   * Stores the page's new items and their mentions, with the cursor on its first item when
   * `advance`, in one transaction: a crash repeats the page, never loses it.
   */
  private async store(page: ListingPage, { advance, extra = {}, late = false }: StoreOptions) {
    const { deps, listing } = this;
    // Once: an item is new when this listing has not stored it (a set of ids, not "newer than").
    const fresh = page.items.filter((item) => !deps.recent.has(listing.id, item.fullname));
    const matches = matchItems(deps.index(), fresh);
    const now = deps.clock.now();
    const next = advance && page.firstFullname ? cursorAt(page, this.cursor) : this.cursor;
    await deps.db.transaction(async (tx) => {
      await storeMatches(tx, matches, now);
      await updateLeased(tx, listing.id, deps.owner, {
        cursorFullname: next.fullname,
        cursorCreatedAt: next.createdAt,
        leaseUntil: new Date(now.getTime() + deps.settings.leaseMs),
        ...readSucceeded(now, fresh.length, page.skipped),
        ...extra,
      });
    });
    this.countNewItems(fresh);
    this.firstSeen[late ? 'late' : 'live'] += fresh.length;
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
