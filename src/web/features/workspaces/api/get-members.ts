import { memberListSchema, type MemberList, type MentionPerson } from '@shared/api/workspaces';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useCurrentWorkspace } from './get-workspaces';

export const getMembers = (workspaceId: number) =>
  api.get(`/api/workspaces/${workspaceId}/members`, memberListSchema);

export const membersQueryOptions = (workspaceId: number) =>
  queryOptions({
    queryKey: queryKeys.workspaces.members(workspaceId),
    queryFn: () => getMembers(workspaceId),
  });

export const useMembers = (workspaceId: number) => useQuery(membersQueryOptions(workspaceId));

const noOne: MentionPerson[] = [];
const asPeople = (list: MemberList) => list.items.map(({ userId, email }) => ({ userId, email }));

/**
 * The current workspace's members as a mention names them, for the Assign menu; empty while
 * they load, and in a workspace of one (nobody else to hand a mention to).
 */
export function useAssignees(): MentionPerson[] {
  const workspace = useCurrentWorkspace();
  const shared = !!workspace && workspace.memberCount > 1;
  const members = useQuery({
    ...membersQueryOptions(workspace?.id ?? 0),
    enabled: shared,
    select: asPeople,
  });
  return (shared && members.data) || noOne;
}
