import { Button, Group, Stack, Text } from '@mantine/core';
import type { Invitation, Workspace } from '@shared/api/workspaces';
import { formatDay, RelativeTime } from '../../../components/relative-time';
import { ResponsiveTable, type TableColumn } from '../../../components/responsive-table';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { ROLE_LABELS } from '../member-rules';

type Props = { workspace: Workspace; invitations: Invitation[] };

/** Invitations not yet accepted: when and by whom sent, until when they work, Resend, Revoke. */
export function InvitationTable({ workspace, invitations }: Props) {
  const resend = useResendInvitation({
    onSuccess: (invitation) =>
      toastSuccess(
        'Invitation sent again',
        `${invitation.email} has a new link; the one sent before no longer works.`,
      ),
    onError: (error) => toastError('Could not resend the invitation', error),
  });
  const revoke = useRevokeInvitation({
    onSuccess: (_, { invitationId }) =>
      toastSuccess(
        'Invitation revoked',
        `The link sent to ${invitations.find((i) => i.id === invitationId)?.email ?? 'them'} no longer works.`,
      ),
    onError: (error) => toastError('Could not revoke the invitation', error),
  });
  const busy = (mutation: typeof resend | typeof revoke, id: number) =>
    mutation.isPending && mutation.variables.invitationId === id;

  if (invitations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No pending invitations. People you invite are listed here until they accept.
      </Text>
    );
  }
  const columns: TableColumn<Invitation>[] = [
    {
      label: 'Email',
      cell: (invitation) => (
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {invitation.email}
        </Text>
      ),
    },
    { label: 'Role', nowrap: true, cell: (invitation) => ROLE_LABELS[invitation.role] },
    {
      label: 'Sent',
      cell: (invitation) => (
        <Stack gap={0}>
          <RelativeTime date={invitation.sentAt} size="sm" />
          {invitation.invitedBy && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              by {invitation.invitedBy}
            </Text>
          )}
        </Stack>
      ),
    },
    { label: 'Expires', nowrap: true, cell: (invitation) => formatDay(invitation.expiresAt) },
    {
      label: 'Actions',
      nowrap: true,
      cell: (invitation) => {
        const ids = { workspaceId: workspace.id, invitationId: invitation.id };
        return (
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-sm"
              variant="subtle"
              aria-label={`Resend the invitation to ${invitation.email}`}
              loading={busy(resend, invitation.id)}
              onClick={() => resend.mutate(ids)}
            >
              Resend
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={`Revoke the invitation to ${invitation.email}`}
              loading={busy(revoke, invitation.id)}
              onClick={() => revoke.mutate(ids)}
            >
              Revoke
            </Button>
          </Group>
        );
      },
    },
  ];
  return (
    <ResponsiveTable
      label="Pending invitations"
      minWidth={640}
      columns={columns}
      rows={invitations}
      rowKey={(invitation) => invitation.id}
    />
  );
}
