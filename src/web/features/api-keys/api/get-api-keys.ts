import { apiKeyListSchema } from '@shared/api/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getApiKeys = () => api.get('/api/api-keys', apiKeyListSchema);

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.apiKeys, queryFn: getApiKeys });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());
