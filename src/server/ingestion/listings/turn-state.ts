import type { ListingPage, RedditItem } from '../../reddit';
import { firstSeenItems } from '../post-ids/claim-posts';
import { matchItems } from '../page-items';
import { storeMatches } from '../store-mentions';
import { PAGE, cursorAt, positionsOf, type Cursor } from './listing-pages';
import { listingPath } from './listing-plan';
import {
  readSucceeded,
  splitNames,
  updateLeased,
  type ListingRow,
  type ListingUpdate,
} from './listing-repo';
import type { PollDeps, TurnResult } from './poll-listing';
import { noteSubredditsInAll } from './subreddits-in-all';
import { countCoverage, saveRereadState, type RereadState } from './reread-state';

// A turn's reads and writes of its listing: each page read under a renewed lease, each page
// stored with its cursor move. The forward reads are in listing-turn.ts, recovery in
// turn-recovery.ts.

/**
 * What a page's read does to the cursor and to the listing row besides; on a page that starts
 * behind the cursor, what lies below `behind` (the cursor's item) counts as caught late.
 */
type StoreOptions = { advance: boolean; extra?: ListingUpdate; behind?: string };

/** The state of one turn on one listing: its cursor, moved page by page, and its result. */
export class TurnState {
  readonly result: TurnResult = { newItems: 0, coveredMs: 0, requests: 0, caughtUp: false };
  readonly path: string;
  private current: Cursor;
  /** The creation time of the cursor the turn started from (ms); none for a first read. */
  private readonly startedFrom: number | undefined;

  constructor(
    readonly deps: PollDeps,
    readonly listing: ListingRow,
    protected readonly signal: AbortSignal | undefined,
    protected readonly rereadState: RereadState,
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

  /** The next read starts `rereadItems` behind the newest item of this newest-first page. */
  anchorOnPage(page: ListingPage) {
    const positions = positionsOf(page);
    this.rereadState.anchor =
      positions[Math.min(this.deps.settings.rereadItems, positions.length - 1)] ?? null;
  }

  /** The re-read position and the coverage counts, for the next turn and the status. */
  async saveRereadState() {
    countCoverage(
      this.rereadState,
      this.deps.clock.now().getTime(),
      this.firstSeen.live,
      this.firstSeen.late,
    );
    await saveRereadState(this.deps.db, this.listing.id, this.rereadState);
  }

  /** Items this turn stored first, by the read that found them. */
  private readonly firstSeen = { live: 0, late: 0 };

  /** Moves the stored cursor to the page's newest item, once everything behind it is stored. */
  async moveCursorTo(page: ListingPage) {
    this.current = cursorAt(page, this.current);
    await updateLeased(this.deps.db, this.listing.id, this.deps.owner, {
      cursorFullname: this.current.fullname,
      cursorCreatedAt: this.current.createdAt,
      resync: false,
    });
  }

  /** One page of the listing, under a renewed lease. */
  async read(params: { before?: string; after?: string }) {
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
  async store(page: ListingPage, { advance, extra = {}, behind }: StoreOptions) {
    const { deps, listing } = this;
    // Once: an item is new when this listing has not stored it (a set of ids, not "newer than").
    const fresh = page.items.filter((item) => !deps.recent.has(listing.id, item.fullname));
    const now = deps.clock.now();
    const next = advance && page.firstFullname ? cursorAt(page, this.current) : this.current;
    const first = await deps.db.transaction(async (tx) => {
      // A post another listing or the id enumeration stored first is not matched again.
      const first = await firstSeenItems(tx, fresh);
      await storeMatches(tx, matchItems(deps.index(), first), now, { models: deps.models });
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
