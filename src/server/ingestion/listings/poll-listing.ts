import type { ListingRow } from './listing-repo';
import { ListingTurn } from './listing-turn';
import { loadRereadState } from './reread-state';
import type { PollDeps, TurnResult } from './turn-types';

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
  const turn = new ListingTurn(deps, listing, signal, await loadRereadState(deps.db, listing.id));
  if (!listing.cursorFullname) {
    await turn.readFirstPage();
    turn.result.caughtUp = true;
  } else if (listing.resync) {
    await turn.recover();
    turn.result.caughtUp = true;
  } else {
    turn.result.caughtUp = await turn.readForward(deps.clock.now().getTime());
  }
  await turn.saveRereadState();
  return turn.result;
}
