import { Button, Card, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDeleteAccount } from '../api/delete-account';

function DeleteAccountSection({ onDeleted }: { onDeleted: () => void }) {
  const [opened, modal] = useDisclosure(false);
  const remove = useDeleteAccount();

  const confirm = async () => {
    try {
      await remove.mutateAsync();
    } catch (error) {
      toastError('Deletion failed', error);
      return;
    }
    modal.close();
    toastSuccess('Account deleted', 'Your account and all of its data have been deleted.');
    onDeleted();
  };

  return (
    <>
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <Stack gap={2} maw={520}>
          <Text fw={600}>Delete Account</Text>
          <Text size="sm" c="dimmed">
            Permanently delete your account, your keywords and every alert found for them.
          </Text>
        </Stack>
        <Button color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={modal.open}>
          Delete Account
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={modal.close}
        title="Are you absolutely sure?"
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
        closeOnClickOutside={!remove.isPending}
        closeOnEscape={!remove.isPending}
      >
        <Stack gap="lg">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconAlertTriangle
              size={22}
              color="var(--mantine-color-red-6)"
              aria-hidden
              style={{ flexShrink: 0 }}
            />
            <Text size="sm">
              This action cannot be undone. This will permanently delete your account, your keywords
              and their alerts, and cancel any paid subscription.
            </Text>
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={modal.close} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
              Yes, delete my account
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

type Props = {
  /** The test email's section (the email feature's), shown above the account's deletion. */
  testEmail: ReactNode;
  onDeleted: () => void;
};

export function DangerZone({ testEmail, onDeleted }: Props) {
  return (
    <Card style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Stack gap="lg">
        <Title order={2} fz="lg" c="red.8">
          Danger Zone
        </Title>
        {testEmail}
        <Divider />
        <DeleteAccountSection onDeleted={onDeleted} />
      </Stack>
    </Card>
  );
}
