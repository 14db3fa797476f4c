import { Card, Group, List, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBellRinging, IconPlus, IconRadar } from '@tabler/icons-react';

const STEPS = [
  {
    title: 'Create a keyword',
    text: 'Add a word or phrase to watch, and optionally the subreddits to watch it in.',
    icon: IconPlus,
  },
  {
    title: 'Monitor the sites',
    text: 'Earshot reads new posts and comments on Reddit, Hacker News, Lobsters and Bluesky around the clock and matches them to your keywords.',
    icon: IconRadar,
  },
  {
    title: 'Check alerts',
    text: 'Matches show on your dashboard, and in email digests if you choose Dashboard + Email.',
    icon: IconBellRinging,
  },
];

/** The first-time guide: a compact list in the keyword dialog, three cards on Manage Keywords. */
export function HowKeywordsWork({ compact = false }: { compact?: boolean }) {
  if (compact) {
    return (
      <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-blue-light)">
        <Text fw={600} size="sm" mb={4}>
          How it works
        </Text>
        <List type="ordered" size="sm" spacing={2}>
          {STEPS.map((step) => (
            <List.Item key={step.title}>
              <Text span fw={500} size="sm">
                {step.title}:
              </Text>{' '}
              {/* Not dimmed: dimmed grey on the light blue is 4.49:1, under WCAG AA's 4.5. */}
              <Text span size="sm" c="gray.8">
                {step.text}
              </Text>
            </List.Item>
          ))}
        </List>
      </Paper>
    );
  }
  return (
    <section aria-labelledby="how-keywords-work">
      <Title order={2} size="h3" id="how-keywords-work" mb="md">
        How Keywords Work
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {STEPS.map((step, index) => (
          <Card key={step.title} withBorder radius="md" padding="lg">
            <Group gap="sm" mb="xs" wrap="nowrap">
              <ThemeIcon variant="light" size="lg" radius="xl">
                <step.icon size={20} stroke={1.6} />
              </ThemeIcon>
              <Text fw={600}>
                {index + 1}. {step.title}
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {step.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
