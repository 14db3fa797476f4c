import { Card, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconBolt,
  IconChartBar,
  IconFilter,
  IconKey,
  IconMail,
  IconMessageCheck,
  type Icon,
} from '@tabler/icons-react';

interface Feature {
  icon: Icon;
  title: string;
  text: string;
}

const FEATURES: Feature[] = [
  {
    icon: IconKey,
    title: 'Keyword Tracking',
    text: 'Track words and exact phrases, combine them with AND, OR and NOT, across Reddit, Hacker News, Lobsters and Bluesky, or only the sites and subreddits you pick.',
  },
  {
    icon: IconBolt,
    title: 'Real-time Alerts',
    text: 'New posts and comments are checked continuously, so you can join a thread while it is still young.',
  },
  {
    icon: IconMail,
    title: 'Email Notifications',
    text: 'Get a daily or weekly summary of new matches in your inbox, instead of a stream of pings.',
  },
  {
    icon: IconChartBar,
    title: 'Analytics Dashboard',
    text: 'See your keywords, today’s matches and the conversations you joined at a glance.',
  },
  {
    icon: IconMessageCheck,
    title: 'Response Tracking',
    text: 'Earshot sees your reply in the thread, marks the mention replied and follows its score, so you know which conversations paid off.',
  },
  {
    icon: IconFilter,
    title: 'Advanced Filtering',
    text: 'Filter by site, subreddit, author, minimum score, titles only, or posts without comments.',
  },
];

export function FeatureGrid() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {FEATURES.map(({ icon: FeatureIcon, title, text }) => (
        <Card key={title} padding="lg" shadow="xs">
          <ThemeIcon size={44} radius="md" variant="light" color="indigo" mb="md">
            <FeatureIcon size={24} aria-hidden />
          </ThemeIcon>
          <Text component="h3" fw={700} fz="md" mt={0} mb={6}>
            {title}
          </Text>
          <Text size="sm" c="dimmed" lh={1.6}>
            {text}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
