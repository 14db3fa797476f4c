import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const deleteChannel = (id: number) => api.delete<void>(`/api/channels/${id}`, null);

type Options = Pick<UseMutationOptions<void, Error, number>, 'onSuccess' | 'onError'>;

/** Deleting a channel also takes it off every keyword, so the alerts are read again. */
export function useDeleteChannel({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChannel,
    onSuccess: async (...args) => {
      await Promise.all(
        [queryKeys.channels.all, queryKeys.alerts.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      await onSuccess?.(...args);
    },
    onError,
  });
}
