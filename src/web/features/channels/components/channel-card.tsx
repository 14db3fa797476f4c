import { ActionIcon, Alert, Badge, Button, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Channel } from '@shared/api/channels';
import {
  IconCheck,
  IconDots,
  IconKey,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconSend,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { RelativeTime } from '../../../components/relative-time';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDeleteChannel } from '../api/delete-channel';
import { useRotateChannelSecret } from '../api/rotate-channel-secret';
import { useTestChannel } from '../api/test-channel';
import { useUpdateChannel } from '../api/update-channel';
import { KIND_INFO } from './channel-kinds';
import { channelStatus } from './channel-status';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RenameChannelDialog } from './rename-channel-dialog';
import { SecretDialog } from './secret-dialog';

/**
 * One channel: what and where, whether it delivers, what happened last, and what to do (for an
 * admin: the others see the channel only).
 */
export function ChannelCard({ channel, canManage }: { channel: Channel; canManage: boolean }) {
  const info = KIND_INFO[channel.kind];
  const KindIcon = info.icon;
  const status = channelStatus(channel);
  const [renameOpened, rename] = useDisclosure(false);
  const [deleteOpened, confirmDelete] = useDisclosure(false);
  const [rotateOpened, confirmRotate] = useDisclosure(false);
  const [secret, setSecret] = useState<string | null>(null);

  const test = useTestChannel();
  const testFailed = test.data !== undefined && !test.data.ok;
  const pause = useUpdateChannel({
    onSuccess: (saved) =>
      toastSuccess(saved.isPaused ? 'Channel paused' : 'Channel resumed', channel.name),
    onError: (error) => toastError('Could not change the channel', error),
  });
  const remove = useDeleteChannel({
    onSuccess: () => toastSuccess('Channel deleted', channel.name),
    onError: (error) => {
      toastError('Could not delete the channel', error);
      confirmDelete.close();
    },
  });
  const rotate = useRotateChannelSecret({
    onSuccess: ({ secret: next }) => {
      confirmRotate.close();
      setSecret(next);
    },
    onError: (error) => {
      toastError('Could not rotate the secret', error);
      confirmRotate.close();
    },
  });

  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={channel.name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <KindIcon size={22} aria-hidden style={{ flexShrink: 0 }} />
            <Stack gap={0} miw={0}>
              <Text fw={600} truncate="end">
                {channel.name}
              </Text>
              <Text size="xs" c="dimmed">
                {info.label}
              </Text>
            </Stack>
          </Group>
          <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>
            {status.label}
          </Badge>
        </Group>
        <Text size="sm" ff="monospace" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {channel.kind === 'telegram' ? `Chat ${channel.target}` : channel.target}
        </Text>
        {status.detail && (
          <Text size="sm" c="red.8">
            {status.detail}
          </Text>
        )}
        <Text size="sm">
          Last delivery:{' '}
          {channel.lastDeliveryAt ? (
            <RelativeTime date={channel.lastDeliveryAt} span inherit />
          ) : (
            'none yet'
          )}
        </Text>
        {/* A pause by Earshot already says why, in the status line above; a failed test
            just sent says it in its own box below. */}
        {channel.lastError && channel.lastError !== channel.pausedReason && !testFailed && (
          <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
            Last error: {channel.lastError}
          </Text>
        )}
        {test.data && (
          <Alert
            role="status"
            variant="light"
            color={test.data.ok ? 'teal' : 'red'}
            icon={test.data.ok ? <IconCheck size={18} /> : <IconX size={18} />}
            title={test.data.ok ? 'Test message delivered' : 'Test message not delivered'}
            withCloseButton
            closeButtonLabel="Dismiss the test result"
            onClose={() => test.reset()}
          >
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {test.data.message}
              {test.data.status !== undefined &&
                !test.data.message.includes(String(test.data.status)) &&
                ` (HTTP ${test.data.status})`}
            </Text>
          </Alert>
        )}
        {test.isError && (
          <Alert role="status" variant="light" color="red" title="Could not send the test">
            <Text size="sm">{test.error.message}</Text>
          </Alert>
        )}
        {canManage && (
          <Group gap="xs" mt={4}>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconSend size={14} />}
              loading={test.isPending}
              onClick={() => test.mutate(channel.id)}
            >
              Send test
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={
                channel.isPaused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />
              }
              loading={pause.isPending}
              onClick={() =>
                pause.mutate({ id: channel.id, data: { isPaused: !channel.isPaused } })
              }
            >
              {channel.isPaused ? 'Resume' : 'Pause'}
            </Button>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="default"
                  size={30}
                  aria-label={`More actions for ${channel.name}`}
                >
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={rename.open}>
                  Rename
                </Menu.Item>
                {channel.kind === 'webhook' && (
                  <Menu.Item leftSection={<IconKey size={14} />} onClick={confirmRotate.open}>
                    Rotate signing secret
                  </Menu.Item>
                )}
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={confirmDelete.open}
                >
                  Delete
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        )}
      </Stack>
      <RenameChannelDialog
        key={`${channel.name}-${renameOpened}`}
        channel={channel}
        opened={renameOpened}
        onClose={rename.close}
      />
      <ConfirmDialog
        opened={deleteOpened}
        title="Delete this channel?"
        confirmLabel="Delete channel"
        loading={remove.isPending}
        onConfirm={() => remove.mutate(channel.id)}
        onClose={confirmDelete.close}
      >
        &quot;{channel.name}&quot; will stop receiving mentions and is removed from every keyword
        that sends to it. Deliveries still waiting are cancelled. This cannot be undone.
      </ConfirmDialog>
      <ConfirmDialog
        opened={rotateOpened}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        loading={rotate.isPending}
        onConfirm={() => rotate.mutate(channel.id)}
        onClose={confirmRotate.close}
      >
        Requests to &quot;{channel.name}&quot; will be signed with a new secret from now on, and
        your receiver will reject them until you give it the new one.
      </ConfirmDialog>
      <SecretDialog secret={secret} channelName={channel.name} onClose={() => setSecret(null)} />
    </Card>
  );
}
