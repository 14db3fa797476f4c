import { messageResultSchema } from '@shared/api/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resendVerification = () =>
  api.post('/api/user/email-verification', messageResultSchema);

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
