import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/**
 * After any alert write: the list, the stats row (activeAlerts) and the mentions and analytics
 * (deleting an alert deletes its mentions; an edit changes the keyword they are shown with) are
 * out of date.
 */
export function invalidateAlerts(queryClient: QueryClient) {
  return Promise.all(
    [queryKeys.alerts.all, queryKeys.stats, queryKeys.mentions.all, queryKeys.analytics.all].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
