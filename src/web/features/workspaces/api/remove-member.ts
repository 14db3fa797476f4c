import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { enterWorkspace } from '../enter-workspace';

export type RemoveMemberVariables = { workspaceId: number; userId: number };

/** Removes a member; the caller's own id means leaving. */
export const removeMember = ({ workspaceId, userId }: RemoveMemberVariables) =>
  api.delete<void>(`/api/workspaces/${workspaceId}/members/${userId}`, null);

type Options = Pick<
  UseMutationOptions<void, Error, RemoveMemberVariables>,
  'onSuccess' | 'onError'
>;

export function useRemoveMember({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: async (...args) => {
      // The seat count lives in both the member list and the workspaces list.
      await queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all });
      await onSuccess?.(...args);
    },
    onError,
  });
}

/**
 * Leaving the current workspace puts the session back in the personal one (the server picks
 * it): every read is reset as after a switch.
 */
export function useLeaveWorkspace({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: async (...args) => {
      await enterWorkspace(queryClient);
      await onSuccess?.(...args);
    },
    onError,
  });
}
