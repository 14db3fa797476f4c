import { mentionSchema, type Mention } from '@shared/api/mentions';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `userId` null: nobody. */
export type UpdateAssigneeVariables = { id: number; userId: number | null };

export const updateAssignee = ({ id, userId }: UpdateAssigneeVariables) =>
  api.put(`/api/mentions/${id}/assignee`, mentionSchema, { userId });

type Options = Pick<
  UseMutationOptions<Mention, Error, UpdateAssigneeVariables>,
  'onSuccess' | 'onError'
>;

/** The lists are refetched: one filtered by assignee may gain or lose the mention. */
export function useUpdateAssignee({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAssignee,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.mentions.lists });
      await onSuccess?.(...args);
    },
    onError,
  });
}
