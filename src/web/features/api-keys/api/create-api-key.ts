import { apiKeyCreatedSchema, type ApiKeyCreate, type ApiKeyCreated } from '@shared/api/api-keys';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiKeysQueryOptions } from './get-api-keys';

/** The answer carries the key itself, this once: the list never does. */
export const createApiKey = (input: ApiKeyCreate) =>
  api.post('/api/api-keys', apiKeyCreatedSchema, input);

type Options = Pick<
  UseMutationOptions<ApiKeyCreated, Error, ApiKeyCreate>,
  'onSuccess' | 'onError'
>;

export function useCreateApiKey({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey });
      await onSuccess?.(...args);
    },
    onError,
  });
}
