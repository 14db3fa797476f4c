import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred spinner for whole-screen waits (session lookup, lazy routes). */
export function FullPageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
