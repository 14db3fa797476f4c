import { userSchema, type RegisterBody } from '@shared/api/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { startSession } from './session-cache';

/** A successful registration signs the user in and answers with the user. */
export const register = (body: RegisterBody) => api.post('/api/register', userSchema, body);

/** The browser's IANA time zone, the default for email digests; undefined if unknown. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => startSession(queryClient, user),
  });
}
