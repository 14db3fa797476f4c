import { EmptyState } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';

/**
 * "Latest discussions matching your keywords". Mentions arrive in a later issue: this component
 * is where the first 5 mention cards and "Load More" will go; until then it shows the empty state.
 */
export function RecentMentions() {
  return (
    <EmptyState
      py="xl"
      icon={<IconMessages size={28} stroke={1.5} />}
      withIndicatorBackground
      description="No alerts found yet. Create keywords to start tracking Reddit mentions."
    />
  );
}
