import { Badge } from '@mantine/core';
import { isLiveAlert, type Alert } from '@shared/api/alerts';

type Props = { alert: Pick<Alert, 'isActive' | 'isPaused' | 'lastError'> };

/**
 * Active or Paused, by isActive (docs/product.md §4, Entities); a live alert that cannot be
 * monitored shows Error instead, so the badge never reads green above a red error.
 */
export function AlertStatusBadge({ alert }: Props) {
  if (isLiveAlert(alert) && alert.lastError) {
    return (
      <Badge color="red" variant="light">
        Error
      </Badge>
    );
  }
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
