import { Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { roleAtLeast, type Workspace } from '@shared/api/workspaces';
import { ErrorAlert } from '../../../components/error-alert';
import { useWorkspaces } from '../api/get-workspaces';
import { useMembers } from '../api/get-members';
import { seatsUsed, withArticle } from '../member-rules';
import { InvitationTable } from './invitation-table';
import { InviteForm } from './invite-form';
import { LeaveWorkspace } from './leave-workspace';
import { MemberTable } from './member-table';
import { ReadOnlyNotice } from './read-only-notice';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';

function TeamLoading() {
  return (
    <LoadingPlaceholder gap="sm" label="Loading the team">
      <Skeleton h={18} w="40%" />
      <Skeleton h={44} />
      <Skeleton h={44} />
    </LoadingPlaceholder>
  );
}

function Seats({ used, seats }: { used: number; seats: number }) {
  const text = seatsUsed(used, seats);
  return (
    <Stack gap={4} w={{ base: '100%', xs: 200 }}>
      <Text size="sm" fw={600}>
        {text}
      </Text>
      <Progress
        value={Math.min(100, (used / seats) * 100)}
        color={used > seats ? 'red' : 'indigo'}
        size="sm"
        radius="xl"
        aria-label={text}
      />
    </Stack>
  );
}

function Team({ workspace, userId }: { workspace: Workspace; userId: number }) {
  const members = useMembers(workspace.id);
  if (members.isPending) return <TeamLoading />;
  if (members.isError) {
    return (
      <ErrorAlert
        title="Could not load the members"
        error={members.error}
        onRetry={() => void members.refetch()}
        retrying={members.isFetching}
      />
    );
  }
  const list = members.data;
  const manages = roleAtLeast(workspace.role, 'admin');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Workspace <b>{workspace.name}</b>
          </Text>
          <Text size="sm" c="dimmed">
            You are {withArticle(workspace.role)} here.{' '}
            {manages
              ? 'You can invite people and change their roles.'
              : 'Admins and owners invite people and change roles.'}
          </Text>
        </Stack>
        <Seats used={list.items.length} seats={list.seats} />
      </Group>
      {workspace.readOnly && <ReadOnlyNotice workspace={workspace} />}
      {manages && (
        <Stack gap="xs">
          <Title order={3} fz="md">
            Invite someone
          </Title>
          <InviteForm workspace={workspace} members={list.items.length} seats={list.seats} />
        </Stack>
      )}
      <Stack gap="xs">
        <Title order={3} fz="md">
          Members
        </Title>
        <MemberTable workspace={workspace} list={list} userId={userId} />
      </Stack>
      {manages && (
        <Stack gap="xs">
          <Title order={3} fz="md">
            Pending invitations
          </Title>
          <InvitationTable workspace={workspace} invitations={list.invitations} />
        </Stack>
      )}
      {!workspace.isPersonal && <LeaveWorkspace workspace={workspace} userId={userId} />}
    </Stack>
  );
}

/** Settings → Team: the current workspace's members, seats, invitations, and leaving it. */
export function TeamSettings({ userId }: { userId: number }) {
  const workspaces = useWorkspaces();
  if (workspaces.isPending) return <TeamLoading />;
  const workspace = workspaces.data?.items.find((item) => item.isCurrent);
  if (!workspace) {
    return (
      <ErrorAlert
        title="Could not load your workspaces"
        error={workspaces.error}
        onRetry={() => void workspaces.refetch()}
        retrying={workspaces.isFetching}
      />
    );
  }
  return <Team key={workspace.id} workspace={workspace} userId={userId} />;
}
