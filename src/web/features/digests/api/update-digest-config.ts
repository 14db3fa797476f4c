import { digestConfigSchema, type DigestConfigUpdateInput } from '@shared/api/digests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { digestConfigQueryOptions } from './get-digest-config';

export const updateDigestConfig = (body: DigestConfigUpdateInput) =>
  api.put('/api/digest-config', digestConfigSchema, body);

export function useUpdateDigestConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDigestConfig,
    onSuccess: (saved) => queryClient.setQueryData(digestConfigQueryOptions().queryKey, saved),
  });
}
