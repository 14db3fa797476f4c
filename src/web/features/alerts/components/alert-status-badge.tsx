import { Badge } from '@mantine/core';
import type { Alert } from '@shared/api/alerts';

/** Spec §4: an alert is Active or Paused, by isActive. */
export function AlertStatusBadge({ alert }: { alert: Pick<Alert, 'isActive'> }) {
  return alert.isActive ? (
    <Badge color="teal" variant="light">
      Active
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      Paused
    </Badge>
  );
}
