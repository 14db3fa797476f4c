import type { User } from '@shared/api/auth';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/** Drops every cached answer except the session, so one user's data never shows to another. */
function removeOtherQueries(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.user[0] });
}

/**
 * After login or registration the current user becomes the returned user. See
 * docs/product.md §6 (API conventions).
 */
export function startSession(queryClient: QueryClient, user: User) {
  removeOtherQueries(queryClient);
  queryClient.setQueryData(queryKeys.user, user);
}

/** After logout or account deletion the user is cleared, and so is everything cached for them. */
export function endSession(queryClient: QueryClient) {
  queryClient.setQueryData(queryKeys.user, null);
  removeOtherQueries(queryClient);
}

const READS_SETTLE_MS = 5_000;

/**
 * Waits until no read is in flight (at most five seconds), for a request that ends the session:
 * a read the page sent just before, answered after the session ended, would come back 401 and
 * show as an error on a page that did nothing wrong (a slow server, a quick Logout click).
 */
export async function afterPendingReads(queryClient: QueryClient): Promise<void> {
  const deadline = Date.now() + READS_SETTLE_MS;
  while (queryClient.isFetching() > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
