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
