import { deadLetterListSchema } from '@shared/api/channels';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getDeadLetters = () =>
  api.get('/api/channels/dead-letters', deadLetterListSchema).then((list) => list.items);

export const deadLettersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.channels.deadLetters, queryFn: getDeadLetters });

export const useDeadLetters = () => useQuery(deadLettersQueryOptions());
