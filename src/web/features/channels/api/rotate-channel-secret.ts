import { channelSecretSchema, type ChannelSecret } from '@shared/api/channels';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A webhook's new signing secret; the old one stops verifying at once. */
export const rotateChannelSecret = (id: number) =>
  api.post(`/api/channels/${id}/rotate-secret`, channelSecretSchema);

type Options = Pick<UseMutationOptions<ChannelSecret, Error, number>, 'onSuccess' | 'onError'>;

export const useRotateChannelSecret = ({ onSuccess, onError }: Options = {}) =>
  useMutation({ mutationFn: rotateChannelSecret, onSuccess, onError });
