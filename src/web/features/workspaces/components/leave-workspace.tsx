import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Workspace } from '@shared/api/workspaces';
import { IconDoorExit } from '@tabler/icons-react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useLeaveWorkspace } from '../api/remove-member';

/** Leave a workspace that is not your own: the session goes back to your personal one. */
export function LeaveWorkspace({ workspace, userId }: { workspace: Workspace; userId: number }) {
  const [opened, confirm] = useDisclosure(false);
  const leave = useLeaveWorkspace({
    onSuccess: () => {
      confirm.close();
      toastSuccess(`You left ${workspace.name}`, 'You are in your own workspace now.');
    },
    onError: (error) => {
      confirm.close();
      toastError('Could not leave the workspace', error);
    },
  });
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Leave this workspace
      </Title>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
          You lose access to its keywords and mentions at once. To come back, an admin must invite
          you again.
        </Text>
        <Button
          variant="light"
          color="red"
          leftSection={<IconDoorExit size={16} aria-hidden />}
          onClick={confirm.open}
        >
          Leave workspace
        </Button>
      </Group>
      <ConfirmDialog
        opened={opened}
        title={`Leave ${workspace.name}?`}
        confirmLabel="Leave workspace"
        loading={leave.isPending}
        onConfirm={() => leave.mutate({ workspaceId: workspace.id, userId })}
        onClose={confirm.close}
      >
        You lose access to its keywords and mentions at once. To come back, an admin must invite you
        again.
      </ConfirmDialog>
    </Stack>
  );
}
