import { Button, Center, Divider, EmptyState, Loader, Paper, Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { IconBellSearch, IconFilterOff } from '@tabler/icons-react';
import type { MentionPerson } from '@shared/api/workspaces';
import { Fragment, useEffect } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { useMentionsList, type FilterValues } from '../api/get-mentions';
import { MentionCard, type MentionFeedback } from './mention-card';
import { MentionSkeletons } from './mention-skeletons';
import { useSitesText } from '../../../lib/sites-text';

type Props = {
  filters: FilterValues;
  filtered: boolean;
  onClearFilters: () => void;
  feedback: MentionFeedback;
  /** The current workspace's members, for each card's Assign menu. */
  assignees?: MentionPerson[];
};

/** The Alerts list: pages load as the bottom comes into view, and the end says so. */
export function MentionList({ filters, filtered, onClearFilters, feedback, assignees }: Props) {
  const list = useMentionsList(filters);
  const sites = useSitesText();
  const { ref: bottomRef, entry } = useIntersection({ rootMargin: '600px' });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = list;
  const atBottom = entry?.isIntersecting ?? false;
  useEffect(() => {
    // A failed page waits for the Retry button rather than being asked for again at once.
    if (atBottom && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [atBottom, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  if (list.isPending) {
    return (
      <Paper withBorder p="md">
        <MentionSkeletons count={5} />
      </Paper>
    );
  }
  if (list.isError && !list.data) {
    return (
      <ErrorAlert
        title="Could not load your alerts"
        error={list.error}
        onRetry={() => list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    // Nothing at all yet points to the keywords; nothing under filters offers to clear them.
    return (
      <Paper withBorder p="xl">
        {filtered ? (
          <EmptyState
            variant="light"
            icon={<IconFilterOff size={28} aria-hidden />}
            title="No alerts match these filters"
            description="Try another subreddit, site, status, assignee or date."
          >
            <EmptyState.Actions>
              <Button variant="default" onClick={onClearFilters}>
                Clear Filters
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <EmptyState
            variant="light"
            icon={<IconBellSearch size={28} aria-hidden />}
            title="No alerts found yet"
            description={`Create keywords to start tracking mentions on ${sites}.`}
          >
            <EmptyState.Actions>
              <Button component={Link} to="/alerts">
                Create Keywords
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        )}
      </Paper>
    );
  }

  return (
    <Paper withBorder px={{ base: 'sm', sm: 'lg' }} py={4}>
      {items.map((mention, i) => (
        <Fragment key={mention.id}>
          {i > 0 && <Divider />}
          <MentionCard mention={mention} feedback={feedback} framed={false} assignees={assignees} />
        </Fragment>
      ))}
      <Divider />
      <div ref={bottomRef} />
      {list.isFetchingNextPage ? (
        <Center py="md" role="status" aria-label="Loading more alerts">
          <Loader size="sm" />
        </Center>
      ) : list.isFetchNextPageError ? (
        <Center py="md">
          <Button variant="default" size="xs" onClick={() => list.fetchNextPage()}>
            Could not load more: Retry
          </Button>
        </Center>
      ) : list.hasNextPage ? (
        <Center py="md">
          <Button variant="subtle" size="xs" onClick={() => list.fetchNextPage()}>
            Load more
          </Button>
        </Center>
      ) : (
        <Text ta="center" size="sm" c="dimmed" py="md" role="status">
          End of the list · {items.length.toLocaleString()}{' '}
          {items.length === 1 ? 'alert' : 'alerts'}
        </Text>
      )}
    </Paper>
  );
}
