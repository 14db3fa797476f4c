import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mutationKeys } from '../../../lib/query-keys';
import { afterPendingReads, endSession } from '../session-cache';

/** Deletes the account; the server ends the session too, so the client forgets the user. */
export const deleteAccount = () => api.delete('/api/user', null);

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.endSession,
    mutationFn: () => afterPendingReads(queryClient).then(deleteAccount),
    onSuccess: () => endSession(queryClient),
  });
}
