import { Card, Group, Stack, Text } from '@mantine/core';
import type { Alert } from '@shared/api/alerts';
import { NOTIFICATION_LABELS } from '../alert-form-values';
import { AlertActionsMenu } from './alert-actions-menu';
import { AlertCheckState } from './alert-check-state';
import { AlertStatusBadge } from './alert-status-badge';
import { RelativeTime, formatDay, formatExactDate } from '../../../components/relative-time';
import { SubredditChips } from './subreddit-chips';

/** "Comments included · Min score 10": the options that shape what matches. */
function matchOptions(alert: Alert): string {
  const parts = [alert.includeComments ? 'Posts and comments' : 'Posts only'];
  if (alert.titlesOnly) parts.push('titles only');
  if (alert.minScore > 1) parts.push(`min score ${alert.minScore.toLocaleString()}`);
  return parts.join(' · ');
}

type Props = { alert: Alert; detailed?: boolean };

/** One keyword as a card: the dashboard on phones, and the Manage Keywords list. */
export function AlertCard({ alert, detailed = false }: Props) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={alert.keyword}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {alert.keyword}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <AlertStatusBadge alert={alert} />
            <AlertActionsMenu alert={alert} />
          </Group>
        </Group>
        <SubredditChips alert={alert} max={detailed ? 6 : 3} />
        {detailed && (
          <Text size="xs" c="dimmed">
            {matchOptions(alert)}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {NOTIFICATION_LABELS[alert.digestFrequency]} · Updated{' '}
          <RelativeTime date={alert.updatedAt} inherit />
          {detailed && (
            <>
              {' · Created '}
              <time dateTime={alert.createdAt} title={formatExactDate(alert.createdAt)}>
                {formatDay(alert.createdAt)}
              </time>
            </>
          )}
        </Text>
        <AlertCheckState alert={alert} />
      </Stack>
    </Card>
  );
}
