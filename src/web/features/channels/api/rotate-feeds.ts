import { feedsSchema, type Feeds } from '@shared/api/feeds';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** New secret feed URLs; the old ones answer 404 from now on. */
export const rotateFeeds = () => api.post('/api/feeds/rotate', feedsSchema);

type Options = Pick<UseMutationOptions<Feeds, Error, void>, 'onSuccess' | 'onError'>;

export function useRotateFeeds({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateFeeds,
    onSuccess: async (...args) => {
      queryClient.setQueryData(queryKeys.feeds, args[0]);
      await onSuccess?.(...args);
    },
    onError,
  });
}
