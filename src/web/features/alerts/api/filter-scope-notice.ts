import { filterScopeNoticeSchema } from '@shared/api/alerts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The keywords whose meaning changed when top-level filters began to apply to the whole query. */
export const getFilterScopeNotice = () =>
  api.get('/api/alerts/filter-scope-notice', filterScopeNoticeSchema);

export const filterScopeNoticeQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.alerts.filterScopeNotice,
    queryFn: getFilterScopeNotice,
    // It changes only on a dismissal or a keyword edit, both of which invalidate it.
    staleTime: Infinity,
  });

export const useFilterScopeNotice = () => useQuery(filterScopeNoticeQueryOptions());

export const dismissFilterScopeNotice = () =>
  api.delete<void>('/api/alerts/filter-scope-notice', null);

export function useDismissFilterScopeNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissFilterScopeNotice,
    onSuccess: () => queryClient.setQueryData(queryKeys.alerts.filterScopeNotice, { items: [] }),
  });
}
