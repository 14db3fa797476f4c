import { invitationSchema, type Invitation } from '@shared/api/workspaces';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type InvitationVariables = { workspaceId: number; invitationId: number };

/** A new link (the old one stops working) and seven more days. */
export const resendInvitation = ({ workspaceId, invitationId }: InvitationVariables) =>
  api.post(`/api/workspaces/${workspaceId}/invitations/${invitationId}/resend`, invitationSchema);

type Options = Pick<
  UseMutationOptions<Invitation, Error, InvitationVariables>,
  'onSuccess' | 'onError'
>;

export function useResendInvitation({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({
        queryKey: queryKeys.workspaces.members(args[1].workspaceId),
      });
      await onSuccess?.(...args);
    },
    onError,
  });
}
