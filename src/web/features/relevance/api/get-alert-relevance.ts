import { alertRelevanceSchema } from '@shared/api/relevance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getAlertRelevance = (alertId: number) =>
  api.get(`/api/alerts/${alertId}/relevance`, alertRelevanceSchema);

/** While the worker retrains on new labels, asked again every few seconds for the figures. */
export const alertRelevanceQueryOptions = (alertId: number) =>
  queryOptions({
    queryKey: queryKeys.relevance.alert(alertId),
    queryFn: () => getAlertRelevance(alertId),
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data?.training ? 3000 : false),
  });

export const useAlertRelevance = (alertId: number) => useQuery(alertRelevanceQueryOptions(alertId));
