import { Alert, Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../features/accounts';

/** The page a password-reset link opens. */
export default function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token') ?? '';

  return (
    <Center py={48} px="md">
      <Box w="100%" maw={480}>
        <Paper withBorder p={{ base: 'lg', sm: 'xl' }} shadow="xs">
          <Stack gap="md">
            <Title order={1} fz={24}>
              Choose a new password
            </Title>
            {token ? (
              <>
                <Text size="sm" c="dimmed">
                  Every device signed in to your account will be signed out.
                </Text>
                <ResetPasswordForm
                  token={token}
                  onSuccess={() => navigate('/auth', { replace: true })}
                />
              </>
            ) : (
              <Alert color="red" variant="light" title="This link does not work" role="alert">
                The link is missing its token. Ask for a new one.
              </Alert>
            )}
            <Anchor component={Link} to="/auth?tab=forgot" size="sm">
              Ask for a new link
            </Anchor>
          </Stack>
        </Paper>
      </Box>
    </Center>
  );
}
