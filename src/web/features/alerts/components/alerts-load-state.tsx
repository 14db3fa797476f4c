import { Group, Loader, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert';
import type { useAlerts } from '../api/get-alerts';

/** The list's loading line, "Loading alerts...". */
export function AlertsLoading() {
  return (
    <Group gap="sm" py="xl" justify="center" role="status">
      <Loader size="sm" />
      <Text c="dimmed" size="sm">
        Loading alerts...
      </Text>
    </Group>
  );
}

/** The list's load failure, with a retry. */
export function AlertsLoadError({ alerts }: { alerts: ReturnType<typeof useAlerts> }) {
  return (
    <ErrorAlert
      title="Could not load your keywords"
      error={alerts.error}
      onRetry={() => alerts.refetch()}
      retrying={alerts.isFetching}
    />
  );
}
