import { Anchor, MultiSelect, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useChannels } from '../api/get-channels';
import { KIND_INFO } from './channel-kinds';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';

type Props = {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
};

const LABEL = 'Send to';
const DESCRIPTION = 'Channels that get this keyword\u2019s new mentions within seconds.';

/** A keyword's channels, as chips; none chosen sends to none. */
export function SendToSelect({ value, onChange, error }: Props) {
  const channels = useChannels();
  if (channels.isPending) {
    return (
      <LoadingPlaceholder label="Loading your channels">
        <Skeleton height={60} />
      </LoadingPlaceholder>
    );
  }
  if (channels.isError) {
    return (
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          {LABEL}
        </Text>
        <Text size="sm" c="red.8">
          Could not load your channels: {channels.error.message}{' '}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => void channels.refetch()}
          >
            Try again
          </Anchor>
        </Text>
      </Stack>
    );
  }
  if (channels.data.length === 0) {
    return (
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          {LABEL}
        </Text>
        <Text size="sm" c="dimmed">
          Get new mentions in Slack, Discord, Telegram, ntfy or a webhook.{' '}
          <Anchor component={Link} to="/settings?tab=notifications" size="sm">
            Add a channel
          </Anchor>
        </Text>
      </Stack>
    );
  }
  const data = channels.data.map((channel) => ({
    value: String(channel.id),
    label: `${channel.name} (${KIND_INFO[channel.kind].label}${channel.isPaused ? ', paused' : ''})`,
  }));
  const known = new Set(data.map((d) => d.value));
  return (
    <MultiSelect
      label={LABEL}
      description={DESCRIPTION}
      placeholder={value.length === 0 ? 'None: dashboard and email only' : undefined}
      data={data}
      value={value.map(String).filter((id) => known.has(id))}
      onChange={(ids) => onChange(ids.map(Number))}
      error={error}
      clearable
      hidePickedOptions
      comboboxProps={{ withinPortal: true }}
    />
  );
}
