import type { ListingPage } from '../../reddit';
import { sampleRate } from '../page-items';
import { PAGE, clearlyBehind, isShort, positionsOf, type Position } from './listing-pages';
import { recover } from './turn-recovery';
import { TurnState } from './turn-state';

// A turn's reads: the first page of a listing never read, and the forward reads from the
// cursor (or from the anchor behind it) until the listing has caught up.

export class ListingTurn extends TurnState {
  /** A listing never read: its newest page, and the cursor on that page's newest item. */
  async readFirstPage() {
    const newest = await this.read({});
    await this.store(newest, { advance: true, extra: { resync: false } });
    this.anchorOnPage(newest);
    // A first rate from the page itself, so that a busy listing is not left for a whole
    // REDDIT_POLL_SECONDS before its second read.
    sampleRate(this.result, newest.items);
  }

  /** The items and creation time the latest re-read went back over (the status). */
  private noteCheckedBack(page: ListingPage, behind: string) {
    const at = page.items.findIndex((item) => item.fullname === behind);
    if (at < 0) return;
    const items = page.items.length - 1 - at;
    const perMs = this.listing.itemsPerMinute / 60_000;
    this.rereadState.checkedBackItems = items;
    this.rereadState.checkedBackMs = perMs > 0 ? Math.round(items / perMs) : null;
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
    if ((this.listing.itemsPerMinute * sinceLastRead) / 60_000 > PAGE / 2) await recover(this);
    else await this.store(page, { advance: false, extra: { resync: true } });
  }
}
