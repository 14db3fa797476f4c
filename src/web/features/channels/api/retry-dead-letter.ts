import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Queues a failed delivery again; it leaves the list. */
export const retryDeadLetter = (id: number) =>
  api.post<void>(`/api/channels/dead-letters/${id}/retry`, null);

type Options = Pick<UseMutationOptions<void, Error, number>, 'onSuccess' | 'onError'>;

export function useRetryDeadLetter({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDeadLetter,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.channels.all });
      await onSuccess?.(...args);
    },
    onError,
  });
}
