import { Badge, Button, Select, Stack, Text } from '@mantine/core';
import type { Member, MemberList, Role, Workspace } from '@shared/api/workspaces';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDay } from '../../../components/relative-time';
import { ResponsiveTable, type TableColumn } from '../../../components/responsive-table';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMemberRole } from '../api/update-member-role';
import {
  grantableRoles,
  mayChangeRole,
  mayRemove,
  ROLE_LABELS,
  withArticle,
} from '../member-rules';

type Props = { workspace: Workspace; list: MemberList; userId: number };

/**
 * The members with their roles: a role select and Remove where the signed-in member's role
 * allows (only an owner touches an owner), plain text everywhere else.
 */
export function MemberTable({ workspace, list, userId }: Props) {
  const [removing, setRemoving] = useState<Member | null>(null);
  const emailOf = (id: number) => list.items.find((m) => m.userId === id)?.email ?? 'The member';
  const changeRole = useUpdateMemberRole({
    onSuccess: (_, { userId: id, role }) =>
      toastSuccess('Role changed', `${emailOf(id)} is now ${withArticle(role)}.`),
    onError: (error) => toastError('Could not change the role', error),
  });
  const remove = useRemoveMember({
    onSuccess: (_, { userId: id }) => {
      toastSuccess('Member removed', `${emailOf(id)} no longer has access to ${workspace.name}.`);
      setRemoving(null);
    },
    onError: (error) => {
      toastError('Could not remove the member', error);
      setRemoving(null);
    },
  });
  const actor = workspace.role;
  const roles = grantableRoles(actor).map((role) => ({ value: role, label: ROLE_LABELS[role] }));
  const canRemoveAnyone = list.items.some((m) => mayRemove(actor, m, userId, workspace.id));

  const columns: TableColumn<Member>[] = [
    {
      label: 'Member',
      cell: (member) => (
        <Stack gap={0}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {member.email}
            {member.userId === userId && (
              <Badge ml={6} size="xs" variant="light" tt="none">
                you
              </Badge>
            )}
          </Text>
          {member.username !== member.email && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {member.username}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      label: 'Role',
      nowrap: true,
      cell: (member) =>
        mayChangeRole(actor, member, userId) ? (
          <Select
            size="xs"
            w={120}
            aria-label={`Role of ${member.email}`}
            data={roles}
            value={member.role}
            allowDeselect={false}
            disabled={changeRole.isPending && changeRole.variables.userId === member.userId}
            onChange={(role) =>
              role &&
              role !== member.role &&
              changeRole.mutate({
                workspaceId: workspace.id,
                userId: member.userId,
                role: role as Role,
              })
            }
          />
        ) : (
          ROLE_LABELS[member.role]
        ),
    },
    { label: 'Joined', nowrap: true, cell: (member) => formatDay(member.joinedAt) },
  ];
  if (canRemoveAnyone) {
    columns.push({
      label: 'Actions',
      nowrap: true,
      cell: (member) =>
        mayRemove(actor, member, userId, workspace.id) && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            aria-label={`Remove ${member.email}`}
            onClick={() => setRemoving(member)}
          >
            Remove
          </Button>
        ),
    });
  }

  return (
    <>
      <ResponsiveTable
        label="Members"
        minWidth={560}
        columns={columns}
        rows={list.items}
        rowKey={(member) => member.userId}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this member?"
        confirmLabel="Remove member"
        loading={remove.isPending}
        onConfirm={() =>
          removing && remove.mutate({ workspaceId: workspace.id, userId: removing.userId })
        }
        onClose={() => setRemoving(null)}
      >
        {removing?.email} loses access to the keywords and mentions of {workspace.name} at once. You
        can invite them again later.
      </ConfirmDialog>
    </>
  );
}
