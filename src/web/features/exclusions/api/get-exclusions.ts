import { exclusionsSchema } from '@shared/api/exclusions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getExclusions = () => api.get('/api/exclusions', exclusionsSchema);

/** Read again each time the section is shown, so "Filtered today" is today's count. */
export const exclusionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.exclusions,
    queryFn: getExclusions,
    refetchOnMount: 'always',
  });

export const useExclusions = () => useQuery(exclusionsQueryOptions());
