import { userSchema, type RegisterBody } from '@shared/api/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { startSession } from '../session-cache';

/** A successful registration signs the user in and answers with the user. */
export const register = (body: RegisterBody) => api.post('/api/register', userSchema, body);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => startSession(queryClient, user),
  });
}
