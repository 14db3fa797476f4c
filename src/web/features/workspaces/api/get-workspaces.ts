import { workspaceListSchema } from '@shared/api/workspaces';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getWorkspaces = () => api.get('/api/workspaces', workspaceListSchema);

export const workspacesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.workspaces.list, queryFn: getWorkspaces });

export const useWorkspaces = () => useQuery(workspacesQueryOptions());

/** The session's current workspace; undefined while the list loads or when it failed. */
export function useCurrentWorkspace() {
  return useWorkspaces().data?.items.find((workspace) => workspace.isCurrent);
}
