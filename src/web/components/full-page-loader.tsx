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

/** A spinner inside a page section. */
export function SectionLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
