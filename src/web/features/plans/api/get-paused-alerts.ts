import { pausedAlertsSchema } from '@shared/api/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getPausedAlerts = () =>
  api.get('/api/subscriptions/paused-alerts', pausedAlertsSchema);

export const pausedAlertsQueryOptions = () =>
  queryOptions({ queryKey: ['subscription', 'paused-alerts'], queryFn: getPausedAlerts });

export const usePausedAlerts = () => useQuery(pausedAlertsQueryOptions());
