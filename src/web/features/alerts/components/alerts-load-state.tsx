import { Group, Loader, Text } from '@mantine/core';

/** The list's loading line (spec text "Loading alerts..."). */
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
