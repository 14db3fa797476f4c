import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { AlertErrorInfo } from '@shared/api/alerts';
import type { TestRedditApiResult } from '@shared/api/diagnostic';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCircleCheck,
  IconCircleX,
  IconPlayerPlay,
} from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/workspace-access';
import { useRunApiTest } from '../api/run-api-test';
import { AlertMonitoringCard } from './alert-monitoring';
import { quoteKeyword } from '../../../lib/quote-keyword';

function BackToAlerts() {
  return (
    <Anchor component={Link} to="/alerts" size="sm" w="fit-content">
      <Group gap={6}>
        <IconArrowLeft size={16} aria-hidden />
        Back to Alerts
      </Group>
    </Anchor>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={80} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere', minWidth: 0 }} component="div">
        {children}
      </Text>
    </Group>
  );
}

function TestResult({ result, keyword }: { result: TestRedditApiResult; keyword: string }) {
  const ok = result.success;
  return (
    <Card withBorder padding="md" bg={ok ? 'teal.0' : 'red.0'} role="status" aria-live="polite">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {ok ? (
          <IconCircleCheck size={22} color="var(--mantine-color-teal-7)" aria-hidden />
        ) : (
          <IconCircleX size={22} color="var(--mantine-color-red-7)" aria-hidden />
        )}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} c={ok ? 'teal' : 'red'}>
            {ok ? 'Test Successful' : 'Test Failed'}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {ok
              ? `Found ${result.mentionsFound.toLocaleString()} mention${result.mentionsFound === 1 ? '' : 's'} of ${quoteKeyword(keyword, 'straight')} on Reddit in the past week.`
              : result.error}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

type Props = {
  id: string;
  /** The alert's status and last error: the alerts feature's read, made by the screen. */
  info: UseQueryResult<AlertErrorInfo>;
  /** The alert's expected volume (the preview feature's), shown between the test and monitoring. */
  expectedVolume: (alertId: number) => ReactNode;
};

/** /alerts/debug/{id}: the alert's status and last error, a live API test, and its monitoring. */
export function AlertDiagnostic({ id, info, expectedVolume }: Props) {
  const [result, setResult] = useState<TestRedditApiResult | null>(null);
  // A viewer's test would be refused (403): it searches Reddit on the workspace's budget.
  const canTest = useCan('member');
  const test = useRunApiTest(id, {
    onSuccess: (answer) => {
      setResult(answer);
      // The toast agrees with the card: a test Reddit failed is a failure (docs/product.md §8).
      if (answer.success) {
        toastSuccess(
          'Test Completed',
          `${answer.mentionsFound.toLocaleString()} mention${answer.mentionsFound === 1 ? '' : 's'} found.`,
        );
      } else toastError(`Test failed: ${answer.error ?? 'Reddit did not answer'}`);
    },
    onError: (error) => toastError(`Test failed: ${error.message}`),
  });
  const loadError = info.error;
  useEffect(() => {
    if (loadError) toastError('Error', `Failed to load alert information: ${loadError.message}`);
  }, [loadError]);

  if (info.isPending) {
    return (
      <Stack gap="md">
        <BackToAlerts />
        <Skeleton height={160} radius="md" />
      </Stack>
    );
  }
  if (info.isError) {
    return (
      <Stack gap="md">
        <Card withBorder padding="lg" role="alert">
          <Stack gap="sm" align="flex-start">
            <Group gap="sm" wrap="nowrap">
              <IconAlertTriangle size={22} color="var(--mantine-color-red-7)" aria-hidden />
              <Title order={2} size="h4">
                Error Loading Alert
              </Title>
            </Group>
            <Text size="sm">{info.error.message || 'Alert not found'}</Text>
            <BackToAlerts />
          </Stack>
        </Card>
      </Stack>
    );
  }
  const alert = info.data;
  const isError = alert.status === 'error';
  return (
    <Stack gap="md">
      <BackToAlerts />
      <Card withBorder padding="lg" component="section" aria-label="Alert">
        <Stack gap="xs">
          <Field label="ID">{alert.id}</Field>
          <Field label="Keyword">{alert.keyword}</Field>
          <Field label="Status">
            <Text span fw={600} c={isError ? 'red' : 'green'} data-status={alert.status}>
              {alert.status}
            </Text>
          </Field>
        </Stack>
      </Card>
      {alert.lastError && (
        <Card withBorder padding="lg" bg="red.0" component="section" aria-label="Error Message">
          <Stack gap={4}>
            <Title order={2} size="h5" c="red.8">
              Error Message
            </Title>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {alert.lastError}
            </Text>
          </Stack>
        </Card>
      )}
      {canTest && (
        <Card withBorder padding="lg" component="section" aria-label="API test">
          <Stack gap="sm" align="flex-start">
            <Text size="sm" c="dimmed">
              Searches Reddit now for this alert&apos;s keyword and counts the posts of the past
              week that match it.
            </Text>
            <Button
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              onClick={() => test.mutate(alert.id)}
              loading={test.isPending}
            >
              Run API Test
            </Button>
            {result && <TestResult result={result} keyword={alert.keyword} />}
          </Stack>
        </Card>
      )}
      {expectedVolume(alert.id)}
      <AlertMonitoringCard id={id} />
    </Stack>
  );
}
