import { identitiesAnswerSchema, type IdentitiesUpdate } from '@shared/api/identities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { identitiesQueryOptions } from './get-identities';

/** Sets the names given ("" clears one); answers every name as stored. */
export const updateIdentities = async (body: IdentitiesUpdate) =>
  (await api.put('/api/user/identities', identitiesAnswerSchema, body)).identities;

export function useUpdateIdentities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIdentities,
    onSuccess: (saved) => queryClient.setQueryData(identitiesQueryOptions().queryKey, saved),
  });
}
