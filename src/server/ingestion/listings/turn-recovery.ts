import type { ListingPage } from '../../reddit';
import { estimateMissed, oldest, sampleRate } from '../page-items';
import { isShort, type Cursor } from './listing-pages';
import { recordGap } from './listing-repo';
import type { TurnState } from './turn-state';

// A turn's recovery after an empty `before` page or a resync: the newest page, back to the
// cursor through Reddit's window, and a gap for what lies beyond it.

/** Reddit keeps about this many items reachable per listing. */
const LISTING_WINDOW_PAGES = 10;

/**
 * Reads the newest page and, when the cursor is not on it, back through Reddit's window to
 * items strictly older than the cursor (timestamps have whole seconds: an equal one proves
 * nothing); what lies beyond the window is recorded as a gap.
 */
export async function recover(turn: TurnState) {
  const newest = await turn.read({});
  const since = turn.cursor.createdAt?.getTime();
  turn.anchorOnPage(newest);
  if (since === undefined || newestPageSuffices(newest, turn.cursor, since)) {
    await turn.store(newest, { advance: true, extra: { resync: false } });
    return;
  }
  await turn.store(newest, { advance: false });
  const { oldestRead, reached } = await walkBackToCursor(turn, newest, since);
  if (!reached) await recordUnreachable(turn, newest, oldestRead, since);
  // Every reachable page is stored: the cursor can move to the newest item now.
  await turn.moveCursorTo(newest);
}

/**
 * The newest page leaves nothing out of reach: it holds the cursor, or items older than it,
 * or it is short. A short newest page is the whole listing (Reddit's window is far longer):
 * nothing is out of reach, even when the cursor's subreddit has left a regrouped listing.
 */
function newestPageSuffices(newest: ListingPage, cursor: Cursor, since: number) {
  const found = newest.items.some((item) => item.fullname === cursor.fullname);
  return found || isShort(newest) || oldest(newest.items) < since;
}

/**
 * Pages back with `after` from the newest page, storing each, until items older than the
 * cursor (`reached`), the listing's end or Reddit's window. Returns the last page read.
 */
async function walkBackToCursor(turn: TurnState, newest: ListingPage, since: number) {
  let older = newest;
  for (let page = 1; page < LISTING_WINDOW_PAGES; page++) {
    if (isShort(older) || !older.lastFullname) break;
    older = await turn.read({ after: older.lastFullname });
    await turn.store(older, { advance: false });
    if (older.items.length > 0 && oldest(older.items) < since) {
      return { oldestRead: older, reached: true };
    }
  }
  return { oldestRead: older, reached: false };
}

/** Records the span between the cursor and the oldest item that could be read as a gap. */
async function recordUnreachable(
  turn: TurnState,
  newest: ListingPage,
  oldestRead: ListingPage,
  since: number,
) {
  const { deps, listing } = turn;
  const reachable = [...newest.items, ...(oldestRead === newest ? [] : oldestRead.items)];
  const until = oldest(reachable);
  await recordGap(deps.db, {
    listingId: listing.id,
    detectedAt: deps.clock.now(),
    fromTime: new Date(since),
    toTime: new Date(until),
    estimatedItems: estimateMissed(listing, turn.cursor.fullname, reachable, since, until),
    reason: 'fell behind Reddit’s listing window, or the cursor item vanished',
  });
  deps.log.warn({ listing: turn.path, from: new Date(since) }, 'ingestion gap recorded');
  // The rate comes from what could be read, not from the span since the lost cursor.
  sampleRate(turn.result, reachable);
}
