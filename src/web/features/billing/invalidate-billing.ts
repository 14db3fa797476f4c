import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

// A plan change moves all of these: planType, paused alerts, limits.
const KEYS = [
  queryKeys.billing.subscription,
  queryKeys.user,
  queryKeys.alerts.all,
  queryKeys.stats,
];

/** After any billing change (checkout return, cancel, resume, notice dismissed). */
export function invalidateBilling(queryClient: QueryClient) {
  return Promise.all(KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
