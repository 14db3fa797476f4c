import { digestConfigSchema, type DigestConfigUpdateInput } from '@shared/api/digests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const updateDigestConfig = (body: DigestConfigUpdateInput) =>
  api.put('/api/digest-config', digestConfigSchema, body);

export function useUpdateDigestConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDigestConfig,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.email.digestConfig, saved),
  });
}
