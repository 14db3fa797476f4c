import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAlerts } from '../invalidate-alerts';

export const deleteAlert = (id: number) => api.delete<void>(`/api/alerts/${id}`, null);

type Options = Pick<UseMutationOptions<void, Error, number>, 'onSuccess' | 'onError'>;

export function useDeleteAlert({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlert,
    onSuccess: async (...args) => {
      await invalidateAlerts(queryClient);
      await onSuccess?.(...args);
    },
    onError,
  });
}
