import { invitationSchema, type Invitation, type Role } from '@shared/api/workspaces';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type CreateInvitationVariables = { workspaceId: number; email: string; role: Role };

export const createInvitation = ({ workspaceId, email, role }: CreateInvitationVariables) =>
  api.post(`/api/workspaces/${workspaceId}/invitations`, invitationSchema, { email, role });

type Options = Pick<
  UseMutationOptions<Invitation, Error, CreateInvitationVariables>,
  'onSuccess' | 'onError'
>;

export function useCreateInvitation({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({
        queryKey: queryKeys.workspaces.members(args[1].workspaceId),
      });
      await onSuccess?.(...args);
    },
    onError,
  });
}
