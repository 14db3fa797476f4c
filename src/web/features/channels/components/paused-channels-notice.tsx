import { Alert, Anchor, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Channel } from '@shared/api/channels';
import type { PageNotice } from '../../../components/notice-area';
import { useChannels } from '../api/get-channels';

/** The notice area's line when Earshot stopped delivering to a channel the target said is gone. */
export function usePausedChannelsNotice(): PageNotice | null {
  const channels = useChannels();
  const paused = (channels.data ?? []).filter((c) => c.isPaused && c.pausedReason);
  if (paused.length === 0) return null;
  return {
    id: 'paused-channels',
    urgency: 'blocking',
    element: <PausedChannelsNotice paused={paused} />,
  };
}

function PausedChannelsNotice({ paused }: { paused: Channel[] }) {
  const [first] = paused;
  const more = paused.length - 1;
  return (
    <Alert color="red" variant="light" icon={<IconPlugConnectedX size={18} />} role="status">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        Earshot paused the channel &quot;{first.name}&quot;: {first.pausedReason}
        {more > 0 && ` (and ${more} more ${more === 1 ? 'channel' : 'channels'})`}.{' '}
        <Anchor component={Link} to="/settings?tab=notifications" size="sm" inherit>
          Check your channels
        </Anchor>
      </Text>
    </Alert>
  );
}
