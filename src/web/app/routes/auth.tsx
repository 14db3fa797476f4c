import { Anchor, Box, Center, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Logo } from '../../components/logo';
import {
  AuthMarketingPanel,
  ForgotPasswordForm,
  LoginForm,
  RegisterForm,
} from '../../features/accounts';
import { safeNextPath, withNext } from '../../lib/next-path';
import { authFooter } from './auth-footer';
import { useSitesText } from '../../lib/sites-text';

type Tab = 'login' | 'register' | 'forgot';

export default function AuthRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const asked = searchParams.get('tab');
  const tab: Tab = asked === 'register' || asked === 'forgot' ? asked : 'login';

  // Back to the protected page that sent the visitor here, else the dashboard.
  const next = safeNextPath(searchParams.get('next'));
  const goToDashboard = () => navigate(next ?? '/dashboard', { replace: true });
  const sites = useSitesText();
  // Sent here by an invitation: the account must be the invited address, so say so.
  const invited = next?.startsWith('/invitations/accept');
  const heading = {
    login: [
      'Welcome back',
      invited
        ? 'Sign in with the address your invitation was sent to, then accept it.'
        : `Sign in to see what people on ${sites} say about your keywords.`,
    ],
    register: [
      'Create an account',
      invited
        ? 'Use the address your invitation was sent to, and verify it, then accept.'
        : `Start tracking your keywords on ${sites} in under a minute.`,
    ],
    forgot: ['Reset your password', 'We will email you a link that works for 1 hour.'],
  }[tab];
  const footer = authFooter(tab);

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
                {heading[0]}
              </Title>
              <Text c="dimmed">{heading[1]}</Text>
            </Stack>
            <Paper withBorder p={{ base: 'lg', sm: 'xl' }} shadow="xs">
              {tab === 'login' ? (
                <LoginForm key="login" onSuccess={goToDashboard} />
              ) : tab === 'forgot' ? (
                <ForgotPasswordForm key="forgot" />
              ) : (
                <RegisterForm key="register" onSuccess={goToDashboard} />
              )}
            </Paper>
            {tab === 'login' && (
              <Text ta="right" size="sm" mt="xs">
                <Anchor component={Link} to={withNext('?tab=forgot', next)} replace size="sm">
                  Forgot password?
                </Anchor>
              </Text>
            )}
            <Text ta="center" size="sm" c="dimmed" mt="lg">
              {footer.prompt}
              <Anchor
                component={Link}
                to={withNext(`?tab=${footer.tab}`, next)}
                replace
                fw={600}
                size="sm"
              >
                {footer.link}
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
