import { Button, Group, Stack, Text } from '@mantine/core';
import type { User } from '@shared/api/auth';
import { IconMailForward } from '@tabler/icons-react';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSendTestEmail } from '../api/send-test-email';

/** Settings → Danger Zone: sends a test message to the account's address, once it is verified. */
export function TestEmailSection({ user }: { user: User }) {
  const send = useSendTestEmail();
  const click = () =>
    send.mutate(user.email, {
      onSuccess: (result) =>
        toastSuccess(
          'Test email sent',
          result.message || 'Check your inbox and spam folder for the test message.',
        ),
      onError: (error) =>
        toastError(
          'Failed to send email',
          error.message || 'There was an error sending the test email',
        ),
    });
  return (
    <Group justify="space-between" align="center" gap="md" wrap="wrap">
      <Stack gap={2} maw={520}>
        <Text fw={600}>Send Test Email</Text>
        <Text size="sm" c="dimmed">
          {user.emailVerified
            ? `Send a test message to ${user.email} to check that notifications reach your inbox.`
            : `Verify ${user.email} first: Earshot sends it no mail until you open the link we sent.`}
        </Text>
      </Stack>
      <Button
        variant="default"
        leftSection={<IconMailForward size={16} aria-hidden />}
        onClick={click}
        loading={send.isPending}
        disabled={!user.emailVerified}
      >
        Send Test Email
      </Button>
    </Group>
  );
}
