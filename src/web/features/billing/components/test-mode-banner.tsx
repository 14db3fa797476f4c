import { Box, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Across the top of every test-mode billing page: no card is charged here. */
export function TestModeBanner() {
  return (
    <Box
      role="note"
      bg="yellow.4"
      py={10}
      px="md"
      style={{ borderBottom: '1px solid var(--mantine-color-yellow-6)' }}
    >
      <Group justify="center" gap={8} wrap="nowrap">
        <IconAlertTriangle size={18} aria-hidden style={{ flexShrink: 0 }} />
        <Text fw={700} size="sm" c="dark.8">
          Test mode — no real payment
        </Text>
      </Group>
    </Box>
  );
}
