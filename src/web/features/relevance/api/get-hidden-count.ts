import { hiddenCountSchema } from '@shared/api/relevance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Mentions hidden as likely irrelevant since local midnight: all keywords', or one's. */
export const getHiddenCount = (alertId: string | undefined) =>
  api.get(
    `/api/relevance/hidden${alertId ? `?alertId=${encodeURIComponent(alertId)}` : ''}`,
    hiddenCountSchema,
  );

export const hiddenCountQueryOptions = (alertId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.relevance.hidden(alertId),
    queryFn: () => getHiddenCount(alertId),
    refetchOnMount: 'always',
  });

export const useHiddenCount = (alertId: string | undefined) =>
  useQuery(hiddenCountQueryOptions(alertId));
