import { channelTestResultSchema } from '@shared/api/channels';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Sends a test message now; 200 whether or not the target accepted it (`ok` says which). */
export const testChannel = (id: number) =>
  api.post(`/api/channels/${id}/test`, channelTestResultSchema);

export function useTestChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testChannel,
    // The test moves the channel's last delivery or last error.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.channels.list }),
  });
}
