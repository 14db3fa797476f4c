import { redditAccessSchema } from '@shared/api/ingestion';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getRedditAccess = () => api.get('/api/reddit-access', redditAccessSchema);

export const redditAccessQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.ingestion.redditAccess, queryFn: getRedditAccess });

/** Whether Earshot runs in limited mode (no credentials): the dialog says what that means. */
export const useRedditAccess = () => useQuery(redditAccessQueryOptions());
