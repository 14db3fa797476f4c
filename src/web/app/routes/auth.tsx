import { Anchor, Box, Center, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Logo } from '../../components/logo';
import { AuthMarketingPanel, LoginForm, RegisterForm } from '../../features/accounts';
import { safeNextPath, withNext } from '../../lib/next-path';

type Tab = 'login' | 'register';

export default function AuthRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const tab: Tab = searchParams.get('tab') === 'register' ? 'register' : 'login';

  // Back to the protected page that sent the visitor here, else the dashboard.
  const next = safeNextPath(searchParams.get('next'));
  const goToDashboard = () => navigate(next ?? '/dashboard', { replace: true });

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing={0} mih="100vh" bg="white">
      <Stack p={{ base: 'md', sm: 'xl' }} gap={0} mih="100vh">
        <Anchor component={Link} to="/landing" aria-label="Earshot home" w="fit-content">
          <Logo size={30} />
        </Anchor>
        <Center style={{ flex: 1 }} py="xl">
          <Box w="100%" maw={420}>
            <Stack gap={6} mb="xl">
              <Title order={1} fz={28}>
                {tab === 'login' ? 'Welcome back' : 'Create an account'}
              </Title>
              <Text c="dimmed">
                {tab === 'login'
                  ? 'Sign in to see what Reddit is saying about your keywords.'
                  : 'Start tracking Reddit for your keywords in under a minute.'}
              </Text>
            </Stack>
            <Paper withBorder p={{ base: 'lg', sm: 'xl' }} shadow="xs">
              {tab === 'login' ? (
                <LoginForm key="login" onSuccess={goToDashboard} />
              ) : (
                <RegisterForm key="register" onSuccess={goToDashboard} />
              )}
            </Paper>
            <Text ta="center" size="sm" c="dimmed" mt="lg">
              {tab === 'login' ? "Don't have an account? " : 'Already have an account? '}
              <Anchor
                component={Link}
                to={withNext(`?tab=${tab === 'login' ? 'register' : 'login'}`, next)}
                replace
                fw={600}
                size="sm"
              >
                {tab === 'login' ? 'Sign up' : 'Sign in'}
              </Anchor>
            </Text>
          </Box>
        </Center>
        <Text size="xs" c="dimmed" ta="center">
          By continuing you agree to the{' '}
          <Anchor component={Link} to="/terms" size="xs">
            Terms of Service
          </Anchor>{' '}
          and{' '}
          <Anchor component={Link} to="/privacy" size="xs">
            Privacy Policy
          </Anchor>
          .
        </Text>
      </Stack>
      <Box visibleFrom="lg">
        <AuthMarketingPanel />
      </Box>
    </SimpleGrid>
  );
}
