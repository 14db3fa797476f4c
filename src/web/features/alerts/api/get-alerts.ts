import { alertListSchema } from '@shared/api/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getAlerts = () => api.get('/api/alerts', alertListSchema);

export const alertsQueryOptions = () => queryOptions({ queryKey: ['alerts'], queryFn: getAlerts });

export const useAlerts = () => useQuery(alertsQueryOptions());
