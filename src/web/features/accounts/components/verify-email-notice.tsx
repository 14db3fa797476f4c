import type { User } from '@shared/api/auth';
import { Alert, Button, Group, Text } from '@mantine/core';
import type { PageNotice } from '../../../components/notice-area';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useResendVerification } from '../api/resend-verification';
import { useAuth } from '../auth-provider';

/**
 * "Verify your email" with Resend, while the address (or a new one asked for) waits for its
 * link: says why no digest or test email arrives. Renders nothing once all is verified.
 */
export function VerifyEmailNotice({ user }: { user: User }) {
  const resend = useResendVerification();
  if (user.emailVerified && !user.pendingEmail) return null;
  const address = user.pendingEmail ?? user.email;
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: (result) => toastSuccess('Verification email sent', result.message),
      onError: (error) => toastError('Could not resend', error),
    });
  return (
    <Alert color="yellow" variant="light" title="Verify your email" role="status">
      <Text size="sm" mb="sm">
        {user.pendingEmail
          ? `We sent a link to ${address}. Your email stays ${user.email} until you open it.`
          : `We sent a link to ${address}. Until you open it, Earshot sends no digests or test emails there.`}
      </Text>
      <Group>
        <Button size="xs" variant="default" loading={resend.isPending} onClick={onResend}>
          Resend
        </Button>
      </Group>
    </Alert>
  );
}

/** The signed-in user's notice for the dashboard's notice area ("why no email arrives"). */
export function useVerifyEmailNotice(): PageNotice | null {
  const { user } = useAuth();
  if (!user || (user.emailVerified && !user.pendingEmail)) return null;
  return { id: 'verify-email', urgency: 'action', element: <VerifyEmailNotice user={user} /> };
}
