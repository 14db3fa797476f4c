import { digestConfigSchema } from '@shared/api/digests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getDigestConfig = () => api.get('/api/digest-config', digestConfigSchema);

export const digestConfigQueryOptions = () =>
  queryOptions({ queryKey: ['digest-config'], queryFn: getDigestConfig });

export const useDigestConfig = () => useQuery(digestConfigQueryOptions());
