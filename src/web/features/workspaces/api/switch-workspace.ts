import { workspaceSchema, type Workspace } from '@shared/api/workspaces';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enterWorkspace } from '../enter-workspace';

export const switchWorkspace = (workspaceId: number) =>
  api.put('/api/user/workspace', workspaceSchema, { workspaceId });

type Options = Pick<UseMutationOptions<Workspace, Error, number>, 'onSuccess' | 'onError'>;

/** Every screen then shows the new workspace's data (enterWorkspace). */
export function useSwitchWorkspace({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchWorkspace,
    onSuccess: async (...args) => {
      await enterWorkspace(queryClient, args[0]);
      await onSuccess?.(...args);
    },
    onError,
  });
}
