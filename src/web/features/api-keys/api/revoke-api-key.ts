import type { ApiKeyList } from '@shared/api/api-keys';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiKeysQueryOptions } from './get-api-keys';

/** Stops the key at once: its next request is answered 401. */
export const revokeApiKey = (id: number) => api.delete<void>(`/api/api-keys/${id}`, null);

type Options = Pick<UseMutationOptions<void, Error, number>, 'onSuccess' | 'onError'>;

export function useRevokeApiKey({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: async (...args) => {
      const { queryKey } = apiKeysQueryOptions();
      // Gone from the list at once, rather than after the refetch.
      queryClient.setQueryData<ApiKeyList>(queryKey, (list) =>
        list ? { items: list.items.filter((key) => key.id !== args[1]) } : list,
      );
      await queryClient.invalidateQueries({ queryKey });
      await onSuccess?.(...args);
    },
    onError,
  });
}
