import { digestConfigSchema } from '@shared/api/digests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getDigestConfig = () => api.get('/api/digest-config', digestConfigSchema);

export const digestConfigQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.email.digestConfig, queryFn: getDigestConfig });

export const useDigestConfig = () => useQuery(digestConfigQueryOptions());
