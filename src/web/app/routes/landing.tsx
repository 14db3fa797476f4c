import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { FeatureGrid, SAMPLE_ALERTS, SampleAlertCard } from '../../features/marketing';
import { safeNextPath, withNext } from '../../lib/next-path';
import { useSitesText } from '../../lib/sites-text';
import { PublicLayout } from '../layout/public-layout';

/** Sign-up, returning to the page that sent a signed-out visitor here (`?next=`). */
function useSignUpPath() {
  const next = safeNextPath(useSearchParams()[0].get('next'));
  return withNext('/auth?tab=register', next);
}

const STEPS = [
  {
    title: 'Add your keywords',
    text: 'Your product, your competitors, or the problem you solve. Choose the sites, and optionally a few subreddits.',
  },
  {
    title: 'Earshot listens',
    text: 'New posts and comments on Reddit, Hacker News, Lobsters and Bluesky are matched against your keywords as they are published.',
  },
  {
    title: 'Reply while it matters',
    text: 'Matches land on your dashboard and in your inbox, so you can join the thread early.',
  },
];

function Hero() {
  const signUp = useSignUpPath();
  const sites = useSitesText();
  return (
    <Box
      style={{
        background:
          'radial-gradient(1200px 500px at 80% -10%, var(--mantine-color-indigo-1), transparent), radial-gradient(800px 400px at -10% 20%, var(--mantine-color-orange-0), transparent)',
      }}
    >
      <Container size="lg" py={{ base: 48, md: 96 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 40, md: 64 }}>
          <Stack gap="lg" justify="center">
            <Badge variant="light" color="orange" size="lg" radius="sm" w="fit-content" tt="none">
              Keyword alerts for Reddit and more
            </Badge>
            <Title
              order={1}
              fz={{ base: 34, sm: 46 }}
              lh={1.1}
              style={{ letterSpacing: '-0.03em' }}
            >
              Get Notified When Your Audience Talks on Reddit
            </Title>
            <Text size="lg" c="gray.7" maw={520}>
              Earshot tracks the keywords you care about across {sites} and tells you about matching
              posts and comments early enough to reply, on your dashboard or in an email digest.
            </Text>
            <Group gap="sm">
              <Button
                component={Link}
                to={signUp}
                size="lg"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                Start Tracking for Free
              </Button>
              <Button component={Link} to="/pricing" size="lg" variant="default">
                See Pricing
              </Button>
            </Group>
            <Group gap="lg">
              {['Free plan, no card needed', 'Set up in a minute'].map((point) => (
                <Group key={point} gap={6}>
                  <ThemeIcon size={18} radius="xl" color="teal" variant="light">
                    <IconCheck size={12} stroke={3} aria-hidden />
                  </ThemeIcon>
                  <Text size="sm" c="gray.7">
                    {point}
                  </Text>
                </Group>
              ))}
            </Group>
          </Stack>
          <Stack gap="md" aria-label="Example alerts" role="group">
            {SAMPLE_ALERTS.map((alert, index) => (
              <Box key={alert.title} ml={{ base: 0, md: index === 1 ? 40 : 0 }}>
                <SampleAlertCard alert={alert} />
              </Box>
            ))}
          </Stack>
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function HowItWorks() {
  return (
    <Container size="lg" py={{ base: 48, md: 72 }}>
      <Stack gap="xl">
        <Stack gap="xs" ta="center" align="center">
          <Title order={2} fz={{ base: 26, sm: 32 }}>
            How it works
          </Title>
          <Text c="dimmed" maw={560}>
            Three steps between someone&apos;s question and your helpful answer.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          {STEPS.map((step, index) => (
            <Stack key={step.title} gap="xs">
              <ThemeIcon size={36} radius="xl" variant="filled" color="indigo">
                <Text fw={700} size="sm">
                  {index + 1}
                </Text>
              </ThemeIcon>
              <Text component="h3" fw={700} fz="lg" m={0}>
                {step.title}
              </Text>
              <Text size="sm" c="dimmed" lh={1.6}>
                {step.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

function Features() {
  return (
    <Box bg="white" py={{ base: 48, md: 80 }}>
      <Container size="lg">
        <Stack gap="xl">
          <Stack gap="xs" ta="center" align="center">
            <Title order={2} fz={{ base: 26, sm: 32 }}>
              Everything you need to join the conversation
            </Title>
            <Text c="dimmed" maw={600}>
              Built for founders, marketers and community managers who want to be where their
              audience already is.
            </Text>
          </Stack>
          <FeatureGrid />
        </Stack>
      </Container>
    </Box>
  );
}

function FinalCallToAction() {
  const signUp = useSignUpPath();
  return (
    <Container size="lg" py={{ base: 48, md: 80 }}>
      <Stack
        align="center"
        ta="center"
        gap="md"
        p={{ base: 32, md: 56 }}
        style={{
          borderRadius: 'var(--mantine-radius-xl)',
          background:
            'linear-gradient(135deg, var(--mantine-color-indigo-8), var(--mantine-color-violet-8))',
        }}
      >
        <Title order={2} c="white" fz={{ base: 26, sm: 34 }}>
          Start hearing your audience today
        </Title>
        <Text c="indigo.1" maw={520}>
          Track up to 3 keywords and 50 alerts a month for free. Upgrade when these conversations
          become a channel that matters.
        </Text>
        <Button component={Link} to={signUp} size="lg" variant="white" mt="sm">
          Sign Up for Free
        </Button>
      </Stack>
    </Container>
  );
}

export default function LandingRoute() {
  return (
    <PublicLayout>
      <Hero />
      <Features />
      <HowItWorks />
      <FinalCallToAction />
    </PublicLayout>
  );
}
