import type { QueryClient } from '@tanstack/react-query';
import { alertsQueryOptions } from './get-alerts';

// The stats belong to the stats feature (features/stats/api/get-stats.ts); features do not import
// each other, so its key is named here. Every alert change moves activeAlerts.
const STATS_QUERY_KEY = ['stats'] as const;

/** After any alert write: the list and the stats row are both out of date. */
export function invalidateAlerts(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: alertsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: STATS_QUERY_KEY }),
  ]);
}
