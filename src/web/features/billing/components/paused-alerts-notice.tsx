import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PageNotice } from '../../../components/notice-area';
import { toastError } from '../../../lib/toast';
import { useDismissPausedAlerts } from '../api/dismiss-paused-alerts';
import { usePausedAlerts } from '../api/get-paused-alerts';
import { quoteKeyword } from '../../../lib/quote-keyword';

/** After a downgrade to Free: the notice area's line naming the paused keywords. */
export function usePausedAlertsNotice(): PageNotice | null {
  const alerts = usePausedAlerts().data?.alerts ?? [];
  if (alerts.length === 0) return null;
  return {
    id: 'paused-alerts',
    urgency: 'blocking',
    element: <PausedAlertsNotice alerts={alerts} />,
  };
}

/** Which keywords were paused when the plan changed to Free, and how to get them back. */
function PausedAlertsNotice({ alerts }: { alerts: { keyword: string }[] }) {
  const dismiss = useDismissPausedAlerts();

  const names = alerts.map((alert) => quoteKeyword(alert.keyword));
  const onDismiss = () =>
    dismiss.mutate(undefined, {
      onError: (error) => toastError('Could not hide the notice', error),
    });
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconPlayerPause size={20} aria-hidden />}
      title={
        alerts.length === 1
          ? 'One keyword was paused when your plan changed to Free'
          : `${alerts.length} keywords were paused when your plan changed to Free`
      }
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      <Stack gap="xs">
        <Text size="sm">
          Paused: <strong>{names.join(', ')}</strong>. The Free plan keeps your 3 most recently
          updated keywords active; the others and all their alerts are kept, not deleted.
        </Text>
        <Group gap="md">
          <Button component={Link} to="/pricing" size="xs">
            Upgrade to Pro to resume them
          </Button>
          <Anchor component={Link} to="/alerts" size="sm">
            Manage Keywords
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  );
}
