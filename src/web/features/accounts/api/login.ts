import { userSchema, type LoginBody } from '@shared/api/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { startSession } from '../session-cache';

/** The spec's client sends the email as `username`. */
export const login = (body: LoginBody) => api.post('/api/login', userSchema, body);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => startSession(queryClient, user),
  });
}
