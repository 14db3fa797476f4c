import { statsSchema } from '@shared/api/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getStats = () => api.get('/api/stats', statsSchema);

export const statsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.stats, queryFn: getStats });

export const useStats = () => useQuery(statsQueryOptions());
