import { ingestionStatusSchema } from '@shared/api/ingestion';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getIngestionStatus = () => api.get('/api/ingestion/status', ingestionStatusSchema);

export const ingestionStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.ingestion.status,
    // Not polled: the live event stream patches it or refetches it (decision 026).
    queryFn: getIngestionStatus,
  });

export const useIngestionStatus = () => useQuery(ingestionStatusQueryOptions());
