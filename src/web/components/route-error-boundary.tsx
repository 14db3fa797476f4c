import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useRouteError } from 'react-router';

/** Last resort for a screen that failed to render or whose code could not be downloaded. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'An unexpected error occurred.';
  return (
    <Center mih="100vh" px="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1} fz={26}>
          Something went wrong
        </Title>
        <Text c="dimmed">{message}</Text>
        <Button
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => window.location.reload()}
        >
          Reload the page
        </Button>
      </Stack>
    </Center>
  );
}
