import { channelListSchema } from '@shared/api/channels';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getChannels = () =>
  api.get('/api/channels', channelListSchema).then((list) => list.items);

export const channelsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.channels.list, queryFn: getChannels });

export const useChannels = () => useQuery(channelsQueryOptions());
