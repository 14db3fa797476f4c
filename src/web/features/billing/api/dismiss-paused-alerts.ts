import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const dismissPausedAlerts = () => api.post('/api/subscriptions/paused-alerts/dismiss', null);

export function useDismissPausedAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissPausedAlerts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.billing.pausedAlerts }),
  });
}
