import { formatMinutes, formatPercent } from '@shared/analytics-words';
import { Anchor, Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { Analytics } from '@shared/api/analytics';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { plural } from '../analytics-series';

function Figure({ label, value, hint }: { label: string; value: ReactNode; hint: ReactNode }) {
  return (
    <Card role="group" aria-label={label} p={{ base: 'sm', sm: 'lg' }}>
      <Text fz={{ base: 'xs', sm: 'sm' }} c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={{ base: 24, sm: 30 }} fw={700} lh={1.2} mt={6}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    </Card>
  );
}

const GRID = { cols: { base: 2, md: 4 }, spacing: { base: 'xs', sm: 'md' } } as const;

/** The period's figures: mentions, how many were replied and how fast, what replies earned. */
export function FigureCards({ analytics }: { analytics: Analytics }) {
  const { mentions, replied, medianMinutesToReply: median, detectedReplies } = analytics;
  return (
    <SimpleGrid {...GRID}>
      <Figure
        label="Mentions"
        value={mentions.toLocaleString()}
        hint={`Posts and comments in the last ${analytics.days} days`}
      />
      <Figure
        label="Reply rate"
        value={formatPercent(analytics.replyRate)}
        hint={`${replied.toLocaleString()} replied of ${plural(mentions, 'mention')}`}
      />
      <Figure
        label="Time to first reply"
        value={median === null ? '—' : formatMinutes(median)}
        hint={median === null ? 'No replies yet' : 'Median, from the post to the first reply'}
      />
      <Figure
        label="Replies seen"
        value={detectedReplies.toLocaleString()}
        hint={
          detectedReplies === 0 ? (
            <>
              Found by the usernames in your{' '}
              <Anchor component={Link} to="/settings?tab=profile" inherit>
                Settings
              </Anchor>
            </>
          ) : (
            `What replies earned: ${plural(analytics.replyScore, 'point')}, ${plural(analytics.replyReplies, 'reply', 'replies')}`
          )
        }
      />
    </SimpleGrid>
  );
}

export function FigureCardsSkeleton() {
  return (
    <SimpleGrid {...GRID}>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={112} radius="lg" />
      ))}
    </SimpleGrid>
  );
}
