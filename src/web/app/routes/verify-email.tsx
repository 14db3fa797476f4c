import { Alert, Anchor, Box, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAuth, useVerifyEmail } from '../../features/accounts';

/** The page a verification link opens: it uses the link once, signed in or not. */
export default function VerifyEmailRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verify = useVerifyEmail();
  const { user } = useAuth();
  const sent = useRef(false);

  useEffect(() => {
    // Once per page load (StrictMode runs effects twice; the link is single-use).
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const next = user
    ? { to: '/settings', label: 'Go to Settings' }
    : { to: '/auth', label: 'Sign in' };
  return (
    <Center py={48} px="md">
      <Box w="100%" maw={480}>
        <Paper withBorder p={{ base: 'lg', sm: 'xl' }} shadow="xs">
          <Stack gap="md">
            <Title order={1} fz={24}>
              Verify your email
            </Title>
            {!token || verify.isError ? (
              <Alert color="red" variant="light" title="This link does not work" role="alert">
                {verify.error?.message ??
                  'This link is not valid or has expired. Ask for a new one.'}{' '}
                {user ? 'Use "Resend" in Settings.' : 'Sign in and use "Resend" in Settings.'}
              </Alert>
            ) : verify.isSuccess ? (
              <Alert color="green" variant="light" title="Email verified" role="status">
                {verify.data.message} Digests and test emails can reach you now.
              </Alert>
            ) : (
              <Stack align="center" gap="xs">
                <Loader size="sm" />
                <Text c="dimmed">Checking your link…</Text>
              </Stack>
            )}
            <Anchor component={Link} to={next.to} fw={600}>
              {next.label}
            </Anchor>
          </Stack>
        </Paper>
      </Box>
    </Center>
  );
}
