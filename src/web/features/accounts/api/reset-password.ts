import { messageResultSchema, type PasswordResetBody } from '@shared/api/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endSession } from '../session-cache';

export const resetPassword = (body: PasswordResetBody) =>
  api.post('/api/password-reset/confirm', messageResultSchema, body);

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // Every session of the account ended, this browser's too.
    onSuccess: () => endSession(queryClient),
  });
}
