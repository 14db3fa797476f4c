import { alertSchema, type Alert, type AlertCreateInput } from '@shared/api/alerts';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAlerts } from '../invalidate-alerts';

export const createAlert = (input: AlertCreateInput) => api.post('/api/alerts', alertSchema, input);

type Options = Pick<UseMutationOptions<Alert, Error, AlertCreateInput>, 'onSuccess' | 'onError'>;

export function useCreateAlert({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAlert,
    onSuccess: async (...args) => {
      await invalidateAlerts(queryClient);
      await onSuccess?.(...args);
    },
    onError,
  });
}
