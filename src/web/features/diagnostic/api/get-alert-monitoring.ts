import { alertMonitoringSchema } from '@shared/api/diagnostic';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getAlertMonitoring = (id: string) =>
  api.get(`/api/alerts/${encodeURIComponent(id)}/monitoring`, alertMonitoringSchema);

export const alertMonitoringQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['alerts', id, 'monitoring'], queryFn: () => getAlertMonitoring(id) });

export const useAlertMonitoring = (id: string) => useQuery(alertMonitoringQueryOptions(id));
