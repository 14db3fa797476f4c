import { Alert, Anchor, Text } from '@mantine/core';
import type { Workspace } from '@shared/api/workspaces';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PageNotice } from '../../../components/notice-area';
import { useCurrentWorkspace } from '../api/get-workspaces';

/**
 * More members than the plan's seats (the owner moved to a smaller plan): everyone keeps their
 * place, but only the owner may change anything until the count fits. Says so, and to whom.
 */
export function ReadOnlyNotice({ workspace }: { workspace: Workspace }) {
  const counts = `${workspace.name} has ${workspace.memberCount} members and its plan has ${workspace.seats} ${workspace.seats === 1 ? 'seat' : 'seats'}`;
  return (
    <Alert
      color="yellow"
      variant="light"
      role="status"
      icon={<IconLock size={18} aria-hidden />}
      title="This workspace is read-only"
    >
      <Text size="sm">
        {workspace.role === 'owner' ? (
          <>
            {counts}, so the others can only read until you upgrade or remove members.{' '}
            <Anchor component={Link} to="/pricing" size="sm" fw={600}>
              See plans
            </Anchor>
          </>
        ) : (
          `${counts}, so only its owner can change anything until they upgrade or remove members.`
        )}
      </Text>
    </Alert>
  );
}

/** The dashboard's notice while the current workspace is read-only. */
export function useReadOnlyNotice(): PageNotice | null {
  const workspace = useCurrentWorkspace();
  if (!workspace?.readOnly) return null;
  return {
    id: 'read-only-workspace',
    urgency: 'blocking',
    element: <ReadOnlyNotice workspace={workspace} />,
  };
}
