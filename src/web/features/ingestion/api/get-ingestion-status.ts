import { ingestionStatusSchema } from '@shared/api/ingestion';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getIngestionStatus = () => api.get('/api/ingestion/status', ingestionStatusSchema);

// The one query that refreshes itself: "last update 12 s ago" must not go stale on a dashboard
// left open (decision record 005).
const REFRESH_MS = 10_000;

export const ingestionStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.ingestion.status,
    queryFn: getIngestionStatus,
    refetchInterval: REFRESH_MS,
  });

export const useIngestionStatus = () => useQuery(ingestionStatusQueryOptions());
