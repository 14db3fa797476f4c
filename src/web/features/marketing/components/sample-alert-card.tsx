import { Badge, Group, Highlight, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBigUp, IconMessageCircle } from '@tabler/icons-react';

export interface SampleAlert {
  subreddit: string;
  age: string;
  title: string;
  excerpt: string;
  keyword: string;
  score: number;
  comments: number;
  kind: 'Post' | 'Comment';
}

export const SAMPLE_ALERTS: SampleAlert[] = [
  {
    subreddit: 'SaaS',
    age: '3 minutes ago',
    title: 'What do you use to track brand mentions on Reddit?',
    excerpt:
      'We keep finding threads about our product days after they happened. Is there something that pings us when people talk about us?',
    keyword: 'brand mentions',
    score: 42,
    comments: 18,
    kind: 'Post',
  },
  {
    subreddit: 'startups',
    age: '12 minutes ago',
    title: 'Looking for a CRM alternative that is not bloated',
    excerpt:
      'Our team of four is drowning in features we never use. Any CRM alternative you would actually recommend?',
    keyword: 'CRM alternative',
    score: 27,
    comments: 31,
    kind: 'Post',
  },
  {
    subreddit: 'webdev',
    age: '26 minutes ago',
    title: 'Re: Best way to add analytics to a side project?',
    excerpt:
      'I switched to a privacy-friendly analytics tool last month and the setup took five minutes.',
    keyword: 'analytics',
    score: 9,
    comments: 2,
    kind: 'Comment',
  },
];

/** A mock mention, as the dashboard shows them, for the landing page. */
export function SampleAlertCard({ alert }: { alert: SampleAlert }) {
  return (
    <Paper withBorder shadow="sm" p="md" radius="lg" bg="white">
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap={8} wrap="nowrap">
            <Badge variant="light" color="orange" radius="sm" tt="none">
              r/{alert.subreddit}
            </Badge>
            <Text size="xs" c="dimmed">
              {alert.age}
            </Text>
          </Group>
          <Badge variant="dot" color="indigo" size="sm" tt="none">
            {alert.kind}
          </Badge>
        </Group>
        <Highlight highlight={alert.keyword} fw={600} size="sm" lh={1.4}>
          {alert.title}
        </Highlight>
        <Highlight highlight={alert.keyword} size="xs" c="dimmed" lineClamp={2}>
          {alert.excerpt}
        </Highlight>
        <Group gap="md">
          <Group gap={4}>
            <IconArrowBigUp size={15} aria-hidden color="var(--mantine-color-gray-6)" />
            <Text size="xs" c="dimmed">
              {alert.score}
            </Text>
          </Group>
          <Group gap={4}>
            <IconMessageCircle size={15} aria-hidden color="var(--mantine-color-gray-6)" />
            <Text size="xs" c="dimmed">
              {alert.comments} comments
            </Text>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
