import { Badge, Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconFilter, IconMail } from '@tabler/icons-react';

const POINTS = [
  {
    icon: IconBell,
    title: 'Real-time monitoring across four sites',
    text: 'New posts and comments on Reddit, Hacker News, Lobsters and Bluesky are checked around the clock, so you hear about them while the thread is still fresh.',
  },
  {
    icon: IconMail,
    title: 'Daily or weekly email digests',
    text: 'Get one tidy summary in your inbox instead of a stream of notifications.',
  },
  {
    icon: IconFilter,
    title: 'Filter by sites, subreddits and content types',
    text: 'Watch the sites and communities that matter and choose posts, comments or titles only.',
  },
];

/** The large-screen side panel of the sign-in page. */
export function AuthMarketingPanel() {
  return (
    <Box
      h="100%"
      p={56}
      style={{
        background:
          'linear-gradient(145deg, var(--mantine-color-indigo-8) 0%, var(--mantine-color-violet-8) 100%)',
        color: 'white',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
      }}
    >
      <Stack gap="xl" maw={480}>
        <Stack gap="sm">
          <Title order={2} c="white" fz={32} lh={1.2}>
            Hear about the conversations that matter, while they are happening
          </Title>
          <Text c="indigo.1" size="lg">
            Earshot watches Reddit, Hacker News, Lobsters and Bluesky for your keywords and tells
            you when people ask about your product, your competitors or your niche.
          </Text>
        </Stack>
        <Stack gap="lg">
          {POINTS.map(({ icon: Icon, title, text }) => (
            <Group key={title} align="flex-start" wrap="nowrap" gap="md">
              <ThemeIcon size={40} radius="md" variant="white" color="indigo">
                <Icon size={22} aria-hidden />
              </ThemeIcon>
              <div>
                <Text fw={600} c="white">
                  {title}
                </Text>
                <Text size="sm" c="indigo.1">
                  {text}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
        <Paper p="md" radius="lg" bg="rgba(255,255,255,0.1)" withBorder={false}>
          <Group gap="xs" mb={6}>
            <Badge color="orange" variant="filled" size="sm" tt="none">
              r/SaaS
            </Badge>
            <Text size="xs" c="indigo.1">
              4 minutes ago
            </Text>
          </Group>
          <Text c="white" fw={600} size="sm">
            Any tool that alerts me when someone mentions my product on Reddit?
          </Text>
        </Paper>
      </Stack>
    </Box>
  );
}
