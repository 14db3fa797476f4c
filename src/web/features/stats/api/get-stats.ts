import { statsSchema } from '@shared/api/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getStats = () => api.get('/api/stats', statsSchema);

export const statsQueryOptions = () => queryOptions({ queryKey: ['stats'], queryFn: getStats });

export const useStats = () => useQuery(statsQueryOptions());
