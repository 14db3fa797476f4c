import { memberListSchema, type MemberList, type Role } from '@shared/api/workspaces';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type UpdateMemberRoleVariables = { workspaceId: number; userId: number; role: Role };

export const updateMemberRole = ({ workspaceId, userId, role }: UpdateMemberRoleVariables) =>
  api.patch(`/api/workspaces/${workspaceId}/members/${userId}`, memberListSchema, { role });

type Options = Pick<
  UseMutationOptions<MemberList, Error, UpdateMemberRoleVariables>,
  'onSuccess' | 'onError'
>;

/** The answer is the new member list; the workspaces list holds the caller's own role. */
export function useUpdateMemberRole({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemberRole,
    onSuccess: async (...args) => {
      const [list, { workspaceId }] = args;
      queryClient.setQueryData(queryKeys.workspaces.members(workspaceId), list);
      await queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.list });
      await onSuccess?.(...args);
    },
    onError,
  });
}
