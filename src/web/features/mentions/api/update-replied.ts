import { mentionSchema, type Mention } from '@shared/api/mentions';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type UpdateRepliedVariables = { id: number; hasReplied: boolean };

export const updateReplied = ({ id, hasReplied }: UpdateRepliedVariables) =>
  api.put(`/api/mentions/${id}/replied`, mentionSchema, { hasReplied });

type Options = Pick<
  UseMutationOptions<Mention, Error, UpdateRepliedVariables>,
  'onSuccess' | 'onError'
>;

/**
 * Success refreshes the mentions, the stats (Replies) and the analytics (reply rate):
 * docs/product.md §3 (Screens).
 */
export function useUpdateReplied({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReplied,
    onSuccess: async (...args) => {
      await Promise.all(
        [queryKeys.mentions.lists, queryKeys.stats, queryKeys.analytics.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      await onSuccess?.(...args);
    },
    onError,
  });
}
