import type { PasswordBody } from '@shared/api/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const changePassword = (body: PasswordBody) => api.put('/api/user/password', null, body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
