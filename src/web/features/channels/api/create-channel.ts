import {
  channelCreatedSchema,
  type ChannelCreated,
  type ChannelCreateInput,
} from '@shared/api/channels';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const createChannel = (input: ChannelCreateInput) =>
  api.post('/api/channels', channelCreatedSchema, input);

type Options = Pick<
  UseMutationOptions<ChannelCreated, Error, ChannelCreateInput>,
  'onSuccess' | 'onError'
>;

export function useCreateChannel({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChannel,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.channels.all });
      await onSuccess?.(...args);
    },
    onError,
  });
}
