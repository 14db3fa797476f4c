import { channelSchema, type Channel, type ChannelUpdate } from '@shared/api/channels';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type Variables = { id: number; data: ChannelUpdate };

/** Rename, pause or resume (resuming clears why Earshot paused it). */
export const updateChannel = ({ id, data }: Variables) =>
  api.patch(`/api/channels/${id}`, channelSchema, data);

type Options = Pick<UseMutationOptions<Channel, Error, Variables>, 'onSuccess' | 'onError'>;

export function useUpdateChannel({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChannel,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.channels.all });
      await onSuccess?.(...args);
    },
    onError,
  });
}
