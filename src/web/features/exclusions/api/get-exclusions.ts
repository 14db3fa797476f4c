import { exclusionsSchema } from '@shared/api/exclusions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getExclusions = () => api.get('/api/exclusions', exclusionsSchema);

/** Polled while shown, so "Filtered today" keeps up with what the worker drops. */
export const exclusionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.exclusions,
    queryFn: getExclusions,
    refetchInterval: 60_000,
  });

export const useExclusions = () => useQuery(exclusionsQueryOptions());
