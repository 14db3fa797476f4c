import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { ApiError } from '../lib/api-client';

interface ErrorAlertProps {
  title: string;
  error?: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}

/**
 * Whether asking again may help: not after the server's own "no" (404 not found, 403, 400),
 * only after a fault, a timeout, a limit (408, 429) or no answer at all.
 */
export function isRetryable(error: unknown) {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || [408, 429].includes(error.status);
}

/** A failed load: what failed, the server's message, and a Retry button where it can help. */
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
        {onRetry && isRetryable(error) && (
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
