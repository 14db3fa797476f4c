import { alertMonitoringSchema } from '@shared/api/diagnostic';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getAlertMonitoring = (id: string) =>
  api.get(`/api/alerts/${encodeURIComponent(id)}/monitoring`, alertMonitoringSchema);

export const alertMonitoringQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.alerts.monitoring(id),
    // A new alert's past week search runs in the background; when it ends, the live events
    // refetch the alert's data (decision 026), so nothing polls it.
    queryFn: () => getAlertMonitoring(id),
  });

export const useAlertMonitoring = (id: string) => useQuery(alertMonitoringQueryOptions(id));
