import { messageResultSchema } from '@shared/api/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Opens a mailed verification link (no session needed). */
export const verifyEmail = (token: string) =>
  api.post('/api/email-verification/confirm', messageResultSchema, { token });

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // A signed-in user's email or its verified state changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user }),
  });
}
