import { Anchor, Button, Card, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { DeadLetter } from '@shared/api/channels';
import { IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { RelativeTime } from '../../../components/relative-time';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/workspace-access';
import { useChannels } from '../api/get-channels';
import { useDeadLetters } from '../api/get-dead-letters';
import { useRetryDeadLetter } from '../api/retry-dead-letter';
import { KIND_INFO } from './channel-kinds';
import { quoteKeyword } from '../../../lib/quote-keyword';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';

/** The mention in Earshot, as the channel messages link to it. */
const mentionPath = (letter: DeadLetter) =>
  `/mentions?${new URLSearchParams({ alertId: String(letter.alertId), mention: String(letter.mentionId) })}`;

type RowProps = {
  letter: DeadLetter;
  /** A retry would be refused (409) until the channel is resumed. */
  channelPaused: boolean;
  /** Retrying is an admin's (channels are). */
  canRetry: boolean;
};

function DeadLetterRow({ letter, channelPaused, canRetry }: RowProps) {
  const retry = useRetryDeadLetter({
    onSuccess: () => toastSuccess('Delivery queued again', `To ${letter.channelName}`),
    onError: (error) => toastError('Could not retry the delivery', error),
  });
  const KindIcon = KIND_INFO[letter.channelKind].icon;
  return (
    <Card withBorder padding="sm" radius="md" role="listitem">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: '1 1 16rem' }}>
          <Anchor
            component={Link}
            to={mentionPath(letter)}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {letter.title}
          </Anchor>
          <Group gap={6} wrap="nowrap" miw={0}>
            <KindIcon size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" truncate="end">
              {/* Items from the other sites have no subreddit. */}
              To {letter.channelName}
              {letter.subreddit && ` · r/${letter.subreddit}`} · {quoteKeyword(letter.keyword)}
            </Text>
          </Group>
          <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
            {letter.reason}
          </Text>
          <Text size="xs" c="dimmed">
            Gave up <RelativeTime date={letter.failedAt} span inherit /> after {letter.attempts}{' '}
            {letter.attempts === 1 ? 'attempt' : 'attempts'}
            {channelPaused && ` · resume ${letter.channelName} to retry`}
          </Text>
        </Stack>
        {canRetry && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            loading={retry.isPending}
            disabled={channelPaused}
            onClick={() => retry.mutate(letter.id)}
            aria-label={`Retry the delivery of “${letter.title}” to ${letter.channelName}`}
          >
            Retry
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** Settings → Notifications → Failed deliveries: what Earshot gave up on, and a retry. */
export function DeadLetters() {
  const letters = useDeadLetters();
  const channels = useChannels();
  const canRetry = useCan('admin');
  const paused = new Set((channels.data ?? []).filter((c) => c.isPaused).map((c) => c.id));
  if (letters.isPending) {
    return (
      <LoadingPlaceholder gap="sm" label="Loading failed deliveries">
        <Skeleton height={90} radius="md" />
      </LoadingPlaceholder>
    );
  }
  if (letters.isError) {
    return (
      <ErrorAlert
        title="Could not load the failed deliveries"
        error={letters.error}
        onRetry={() => void letters.refetch()}
        retrying={letters.isFetching}
      />
    );
  }
  if (letters.data.length === 0) {
    return (
      <EmptyState
        py="md"
        icon={<IconCircleCheck size={28} stroke={1.5} />}
        withIndicatorBackground
        title="No failed deliveries"
        description="When a channel refuses a mention outright, or keeps failing for a day, Earshot stops trying and lists it here, with the reason, for you to retry."
      />
    );
  }
  return (
    <Stack gap="sm" role="list" aria-label="Failed deliveries">
      {letters.data.map((letter) => (
        <DeadLetterRow
          key={letter.id}
          letter={letter}
          channelPaused={paused.has(letter.channelId)}
          canRetry={canRetry}
        />
      ))}
    </Stack>
  );
}
