import { acceptedInvitationSchema } from '@shared/api/workspaces';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { enterWorkspace } from '../enter-workspace';

type Accepted = z.infer<typeof acceptedInvitationSchema>;

/** Joins with the signed-in account; the server puts the session in the workspace joined. */
export const acceptInvitation = (token: string) =>
  api.post('/api/invitations/accept', acceptedInvitationSchema, { token });

type Options = Pick<UseMutationOptions<Accepted, Error, string>, 'onSuccess' | 'onError'>;

export function useAcceptInvitation({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async (...args) => {
      await enterWorkspace(queryClient, args[0].workspace);
      await onSuccess?.(...args);
    },
    onError: async (...args) => {
      // "For another address" may only mean the address was verified in another tab since.
      await queryClient.invalidateQueries({ queryKey: queryKeys.user });
      await onError?.(...args);
    },
  });
}
