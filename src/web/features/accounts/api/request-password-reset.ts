import { messageResultSchema, type PasswordResetRequest } from '@shared/api/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const requestPasswordReset = (body: PasswordResetRequest) =>
  api.post('/api/password-reset/request', messageResultSchema, body);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
