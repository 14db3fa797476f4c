import { Button, EmptyState, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ChannelCreated } from '@shared/api/channels';
import { IconPlus, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { toastSuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/workspace-access';
import { useChannels } from '../api/get-channels';
import { AddChannelDialog } from './add-channel-dialog';
import { ChannelCard } from './channel-card';
import { SecretDialog } from './secret-dialog';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';

/**
 * Settings → Notifications → Channels: every channel, with every load state, and adding one
 * (an admin's: below, the list is read-only).
 */
export function ChannelSettings() {
  const channels = useChannels();
  const canManage = useCan('admin');
  const [addOpened, add] = useDisclosure(false);
  const [created, setCreated] = useState<ChannelCreated | null>(null);

  const onCreated = (answer: ChannelCreated) => {
    add.close();
    if (answer.secret) setCreated(answer);
    else toastSuccess('Channel added', `Send a test to check that "${answer.channel.name}" works.`);
  };

  const addButton = canManage && (
    <Button leftSection={<IconPlus size={16} />} onClick={add.open}>
      Add channel
    </Button>
  );

  let body;
  if (channels.isPending) {
    body = (
      <LoadingPlaceholder gap="md" label="Loading channels">
        <Skeleton height={150} radius="md" />
        <Skeleton height={150} radius="md" />
      </LoadingPlaceholder>
    );
  } else if (channels.isError) {
    body = (
      <ErrorAlert
        title="Could not load your channels"
        error={channels.error}
        onRetry={() => void channels.refetch()}
        retrying={channels.isFetching}
      />
    );
  } else if (channels.data.length === 0) {
    body = (
      <EmptyState
        py="lg"
        icon={<IconSend size={28} stroke={1.5} />}
        withIndicatorBackground
        title="No channels yet"
        description={`A channel is a place Earshot posts new mentions to within seconds: a Slack or Discord channel, a Telegram chat, an ntfy topic on your phone, or your own webhook. ${canManage ? 'Add one, then choose it under Send to in a keyword.' : 'An admin of this workspace can add one.'}`}
      >
        {addButton && <EmptyState.Actions>{addButton}</EmptyState.Actions>}
      </EmptyState>
    );
  } else {
    body = (
      <Stack gap="md">
        {addButton && <Group justify="flex-end">{addButton}</Group>}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" role="list" aria-label="Channels">
          {channels.data.map((channel) => (
            <div role="listitem" key={channel.id}>
              <ChannelCard channel={channel} canManage={canManage} />
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <>
      {body}
      <AddChannelDialog opened={addOpened} onClose={add.close} onCreated={onCreated} />
      <SecretDialog
        secret={created?.secret ?? null}
        channelName={created?.channel.name ?? ''}
        onClose={() => setCreated(null)}
      />
    </>
  );
}
