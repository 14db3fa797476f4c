import type { User } from '@shared/api/auth';
import type { QueryClient } from '@tanstack/react-query';
import { USER_QUERY_KEY } from './get-user';

/** Drops every cached answer except the session, so one user's data never shows to another. */
function removeOtherQueries(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
}

/** After login or registration the current user becomes the returned user (spec §4). */
export function startSession(queryClient: QueryClient, user: User) {
  removeOtherQueries(queryClient);
  queryClient.setQueryData(USER_QUERY_KEY, user);
}

/** After logout or account deletion the user is cleared, and so is everything cached for them. */
export function endSession(queryClient: QueryClient) {
  queryClient.setQueryData(USER_QUERY_KEY, null);
  removeOtherQueries(queryClient);
}
