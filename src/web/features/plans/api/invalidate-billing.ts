import type { QueryClient } from '@tanstack/react-query';

// Features do not import each other, so the keys of the user, the alerts and the stats are named
// here. A plan change moves all of them: planType, paused alerts, limits.
const KEYS = [['subscription'], ['user'], ['alerts'], ['stats']] as const;

/** After any billing change (checkout return, cancel, resume, notice dismissed). */
export function invalidateBilling(queryClient: QueryClient) {
  return Promise.all(KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
