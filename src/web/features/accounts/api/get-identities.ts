import { identitiesAnswerSchema } from '@shared/api/identities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Who the user says they are on each site (null: not said). */
export const getIdentities = async () =>
  (await api.get('/api/user/identities', identitiesAnswerSchema)).identities;

export const identitiesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.identities, queryFn: getIdentities });

export const useIdentities = () => useQuery(identitiesQueryOptions());
