import { Badge } from '@mantine/core';
import type { Alert } from '@shared/api/alerts';

/** An alert is Active or Paused, by isActive: docs/product.md §4 (Entities). */
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
