import { userSchema, type LoginBody } from '@shared/api/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { startSession } from '../session-cache';

/**
 * Like the original client, login sends the email as `username`. See
 * docs/product.md §6 (API conventions).
 */
export const login = (body: LoginBody) => api.post('/api/login', userSchema, body);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => startSession(queryClient, user),
  });
}
