import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { InvitationVariables } from './resend-invitation';

export const revokeInvitation = ({ workspaceId, invitationId }: InvitationVariables) =>
  api.delete<void>(`/api/workspaces/${workspaceId}/invitations/${invitationId}`, null);

type Options = Pick<UseMutationOptions<void, Error, InvitationVariables>, 'onSuccess' | 'onError'>;

export function useRevokeInvitation({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({
        queryKey: queryKeys.workspaces.members(args[1].workspaceId),
      });
      await onSuccess?.(...args);
    },
    onError,
  });
}
