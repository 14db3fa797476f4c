import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

interface ErrorAlertProps {
  title: string;
  error?: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed load: what failed, the server's message, and a Retry button. */
export function ErrorAlert({ title, error, onRetry, retrying }: ErrorAlertProps) {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      title={title}
      icon={<IconAlertTriangle size={20} aria-hidden />}
    >
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Text size="sm">{message || 'Something went wrong. Please try again.'}</Text>
        {onRetry && (
          <Button
            size="xs"
            variant="white"
            color="red"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onRetry}
            loading={retrying}
          >
            Retry
          </Button>
        )}
      </Group>
    </Alert>
  );
}
