import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pausedAlertsQueryOptions } from './get-paused-alerts';

export const dismissPausedAlerts = () => api.post('/api/subscriptions/paused-alerts/dismiss', null);

export function useDismissPausedAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissPausedAlerts,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: pausedAlertsQueryOptions().queryKey }),
  });
}
