import type { Workspace, workspaceListSchema } from '@shared/api/workspaces';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { queryKeys } from '../../lib/query-keys';

type WorkspaceList = z.infer<typeof workspaceListSchema>;

const kept: readonly string[] = [queryKeys.user[0], queryKeys.workspaces.all[0]];

/**
 * The session is in `workspace` now (a switch, an accepted invitation, leaving one): the
 * switcher says so at once, and every other read is reset, since each belongs to the workspace
 * it was made in. Reset rather than invalidated: a screen shows its loading state, never the
 * last workspace's keywords under the new one's name. Resolves once the screen's reads are back.
 */
export async function enterWorkspace(queryClient: QueryClient, workspace?: Workspace) {
  if (workspace) {
    queryClient.setQueryData<WorkspaceList>(queryKeys.workspaces.list, (list) =>
      list?.items.some((item) => item.id === workspace.id)
        ? { items: list.items.map((item) => ({ ...item, isCurrent: item.id === workspace.id })) }
        : list,
    );
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
    queryClient.resetQueries({ predicate: (query) => !kept.includes(String(query.queryKey[0])) }),
  ]);
}
