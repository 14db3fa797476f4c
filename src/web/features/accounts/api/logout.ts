import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mutationKeys } from '../../../lib/query-keys';
import { afterPendingReads, endSession } from '../session-cache';

export const logout = () => api.post('/api/logout', null);

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.endSession,
    mutationFn: () => afterPendingReads(queryClient).then(logout),
    onSuccess: () => endSession(queryClient),
  });
}
