import { pausedAlertsSchema } from '@shared/api/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getPausedAlerts = () =>
  api.get('/api/subscriptions/paused-alerts', pausedAlertsSchema);

export const pausedAlertsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.billing.pausedAlerts, queryFn: getPausedAlerts });

export const usePausedAlerts = () => useQuery(pausedAlertsQueryOptions());
