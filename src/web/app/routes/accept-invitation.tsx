import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth, useLogout, VerifyEmailNotice } from '../../features/accounts';
import { AcceptInvitation } from '../../features/workspaces';
import { withNext } from '../../lib/next-path';
import { toastError } from '../../lib/toast';

/** Signing in or up returns here (`?next=`), to accept with the account just opened. */
function SignedOut({ here }: { here: string }) {
  return (
    <Stack gap="md">
      <Text size="sm">
        Sign in with the email address the invitation was sent to, or create an account with it. You
        will come back to this page to accept.
      </Text>
      <Group gap="sm">
        <Button component={Link} to={withNext('/auth?tab=login', here)}>
          Sign in
        </Button>
        <Button component={Link} to={withNext('/auth?tab=register', here)} variant="default">
          Create account
        </Button>
      </Group>
    </Stack>
  );
}

/** The page an invitation email links to: join a team's workspace, signed in or not yet. */
export default function AcceptInvitationRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const logout = useLogout();
  const here = `/invitations/accept?${new URLSearchParams({ token })}`;

  let body;
  if (!token) {
    body = (
      <Alert color="red" variant="light" title="This invitation link is not valid" role="alert">
        The link is missing its token. Open the link from the invitation email again, or ask for a
        new invitation.
      </Alert>
    );
  } else if (isLoading) {
    body = (
      <Center py="md">
        <Loader size="sm" role="status" aria-label="Loading" />
      </Center>
    );
  } else if (!user) {
    body = <SignedOut here={here} />;
  } else {
    body = (
      <Stack gap="md">
        {/* Only a verified address can accept: a new account verifies first. */}
        {!user.emailVerified && <VerifyEmailNotice user={user} />}
        <AcceptInvitation
          token={token}
          email={user.email}
          onAccepted={() => void navigate('/dashboard', { replace: true })}
          otherAccount={
            <Button
              size="xs"
              variant="default"
              leftSection={<IconLogout size={14} aria-hidden />}
              loading={logout.isPending}
              onClick={() =>
                logout.mutate(undefined, {
                  onError: (error) => toastError('Logout failed', error),
                })
              }
            >
              Sign out to use another account
            </Button>
          }
        />
      </Stack>
    );
  }

  return (
    <Center py={48} px="md">
      <Box w="100%" maw={520}>
        <Paper withBorder p={{ base: 'lg', sm: 'xl' }} shadow="xs">
          <Stack gap="md">
            <Title order={1} fz={24}>
              Join a team on Earshot
            </Title>
            <Text c="dimmed" size="sm">
              You were invited to work with a team in its Earshot workspace: its keywords, mentions
              and replies, shared.
            </Text>
            {body}
          </Stack>
        </Paper>
      </Box>
    </Center>
  );
}
