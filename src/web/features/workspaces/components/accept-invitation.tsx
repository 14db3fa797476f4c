import { Alert, Button, Stack, Text } from '@mantine/core';
import type { Workspace } from '@shared/api/workspaces';
import { IconUsersPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useAcceptInvitation } from '../api/accept-invitation';
import { withArticle } from '../member-rules';

type Props = {
  token: string;
  /** The signed-in account's address: only the invited one, verified, can accept. */
  email: string;
  onAccepted: (workspace: Workspace) => void;
  /** Offered when the invitation is for another address (403): signing in with that one. */
  otherAccount: ReactNode;
};

/** "Accept invitation" for the signed-in account, with the server's reason when it cannot. */
export function AcceptInvitation({ token, email, onAccepted, otherAccount }: Props) {
  const accept = useAcceptInvitation({
    onSuccess: ({ workspace }) => {
      toastSuccess(
        `Welcome to ${workspace.name}`,
        `You joined as ${withArticle(workspace.role)}; its keywords and mentions are shown now.`,
      );
      onAccepted(workspace);
    },
  });
  const wrongAccount = accept.error instanceof ApiError && accept.error.status === 403;
  return (
    <Stack gap="md">
      <Text size="sm">
        You are signed in as <b style={{ overflowWrap: 'anywhere' }}>{email}</b>. Accepting adds
        this account to the team&apos;s workspace; your own workspace stays as it is.
      </Text>
      {accept.isError && (
        <Alert color="red" variant="light" title="Could not accept the invitation" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{accept.error.message}</Text>
            {wrongAccount && otherAccount}
          </Stack>
        </Alert>
      )}
      <Button
        leftSection={<IconUsersPlus size={18} aria-hidden />}
        loading={accept.isPending}
        onClick={() => accept.mutate(token)}
        style={{ alignSelf: 'flex-start' }}
      >
        Accept invitation
      </Button>
    </Stack>
  );
}
