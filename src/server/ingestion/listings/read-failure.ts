import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { RedditError } from '../../reddit';
import { readFailed, updateLeased, type ListingRow } from './listing-repo';

/**
 * Keeps a failed read's error on the listing, where users see it, and puts its next read off:
 * `firstMs` after the first failure, doubling per failure in a row, up to `maxMs`. Only a
 * Reddit error's own text is shown; any other error is named an internal one, its text not
 * meant for users. Returns the message recorded, for the caller's log line.
 */
export async function recordReadFailure(
  deps: { db: DbOrTx; clock: Clock; owner: string },
  listing: ListingRow,
  error: unknown,
  backoff: { firstMs: number; maxMs: number },
) {
  const now = deps.clock.now();
  const failures = listing.consecutiveFailures + 1;
  const wait = Math.min(backoff.maxMs, backoff.firstMs * 2 ** (failures - 1));
  const message =
    error instanceof RedditError ? error.message : 'Internal error while reading Reddit';
  await updateLeased(deps.db, listing.id, deps.owner, {
    ...readFailed(now, message, failures),
    nextPollAt: new Date(now.getTime() + wait),
  });
  return message;
}
