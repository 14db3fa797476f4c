import { alertListSchema } from '@shared/api/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getAlerts = () => api.get('/api/alerts', alertListSchema);

export const alertsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.alerts.all, queryFn: getAlerts });

export const useAlerts = () => useQuery(alertsQueryOptions());
