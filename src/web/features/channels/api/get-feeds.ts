import { feedsSchema } from '@shared/api/feeds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getFeeds = () => api.get('/api/feeds', feedsSchema);

export const feedsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.feeds, queryFn: getFeeds });

export const useFeeds = () => useQuery(feedsQueryOptions());
