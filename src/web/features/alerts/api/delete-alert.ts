import type { Alert } from '@shared/api/alerts';
import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { invalidateAlerts } from '../invalidate-alerts';

export const deleteAlert = (id: number) => api.delete<void>(`/api/alerts/${id}`, null);

/**
 * A deleted alert leaves the cached list at once, and its own reads (status, monitoring) leave
 * the cache instead of being refetched with the family: they would answer 404, and whatever still
 * shows them (the backfill notice of a keyword just added) sees it gone from the list first.
 */
function forgetAlert(queryClient: QueryClient, id: number) {
  queryClient.setQueryData<Alert[]>(queryKeys.alerts.all, (list) =>
    list?.filter((alert) => alert.id !== id),
  );
  queryClient.removeQueries({
    predicate: (query) =>
      query.queryKey[0] === queryKeys.alerts.all[0] && query.queryKey[1] === String(id),
  });
}

type Options = Pick<UseMutationOptions<void, Error, number>, 'onSuccess' | 'onError'>;

export function useDeleteAlert({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlert,
    onSuccess: async (...args) => {
      forgetAlert(queryClient, args[1]);
      await invalidateAlerts(queryClient);
      await onSuccess?.(...args);
    },
    onError,
  });
}
