import { alertMonitoringSchema } from '@shared/api/diagnostic';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getAlertMonitoring = (id: string) =>
  api.get(`/api/alerts/${encodeURIComponent(id)}/monitoring`, alertMonitoringSchema);

export const alertMonitoringQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.alerts.monitoring(id),
    queryFn: () => getAlertMonitoring(id),
    // A new alert's past week search runs in the background: follow it until it is done.
    refetchInterval: (query) => (query.state.data?.backfill?.status === 'pending' ? 5000 : false),
  });

export const useAlertMonitoring = (id: string) => useQuery(alertMonitoringQueryOptions(id));
