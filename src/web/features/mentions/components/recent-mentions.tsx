import { Anchor, Button, EmptyState, Group, Stack, Text } from '@mantine/core';
import type { MentionPerson } from '@shared/api/workspaces';
import { useState } from 'react';
import { IconArrowRight, IconMessages, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { queryKeys } from '../../../lib/query-keys';
import { toastInfo } from '../../../lib/toast';
import {
  RECENT_MENTIONS,
  recentMentionsQueryOptions,
  useRecentMentions,
} from '../api/get-mentions';
import { MentionCard, type MentionFeedback } from './mention-card';
import { MentionSkeletons } from './mention-skeletons';
import { useSitesText } from '../../../lib/sites-text';

/**
 * Dashboard "Latest discussions matching your keywords": the newest 5. See
 * docs/product.md §3 (Screens).
 */
export function RecentMentions({
  feedback,
  assignees,
}: {
  feedback: MentionFeedback;
  /** The current workspace's members, for each card's Assign menu. */
  assignees?: MentionPerson[];
}) {
  const recent = useRecentMentions();
  const sites = useSitesText();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<string | null>(null);
  // "Load More" checks for new mentions (the list and the chart), with a toast (docs/product.md
  // §3, Screens), then says what it found: the list changing, or not, is its visible result.
  const refresh = async () => {
    toastInfo('Refreshing mentions', 'Checking for new mentions of your keywords.');
    setOutcome(null);
    const before = new Set(recent.data?.items.map((m) => m.id));
    await queryClient.invalidateQueries({ queryKey: queryKeys.mentions.all });
    const after = queryClient.getQueryData(recentMentionsQueryOptions().queryKey);
    if (!after) return;
    const fresh = after.items.slice(0, RECENT_MENTIONS).filter((m) => !before.has(m.id)).length;
    const at = new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    setOutcome(
      fresh === 0
        ? `No new mentions (checked at ${at})`
        : `${fresh} new mention${fresh === 1 ? '' : 's'} (checked at ${at})`,
    );
  };

  if (recent.isPending) return <MentionSkeletons count={3} />;
  if (recent.isError) {
    return (
      <ErrorAlert
        title="Could not load the latest mentions"
        error={recent.error}
        onRetry={() => recent.refetch()}
        retrying={recent.isFetching}
      />
    );
  }
  const items = recent.data.items;
  return (
    <Stack gap="sm">
      {items.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<IconMessages size={28} stroke={1.5} />}
          withIndicatorBackground
          description={`No alerts found yet. Create keywords to start tracking mentions on ${sites}.`}
        />
      ) : (
        items
          .slice(0, RECENT_MENTIONS)
          .map((m) => (
            <MentionCard key={m.id} mention={m} feedback={feedback} assignees={assignees} />
          ))
      )}
      <Group justify="space-between" gap="sm" mt={4}>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void refresh()}
            loading={recent.isFetching}
          >
            Load More
          </Button>
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {outcome}
          </Text>
        </Group>
        {items.length > 0 && (
          <Anchor component={Link} to="/mentions" size="sm" fw={600}>
            <Group gap={4} component="span">
              See all mentions
              <IconArrowRight size={14} aria-hidden />
            </Group>
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
