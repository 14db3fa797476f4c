import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { Logo } from '../../../components/logo';
import { usePayments } from '../api/get-payments';
import { formatAmount, formatLongDate } from '../format-date';
import { TestModeBanner } from './test-mode-banner';

function Line({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The receipt of a test-mode payment (Stripe payments link to Stripe's own receipt). */
export function Receipt({ reference }: { reference: string }) {
  const payments = usePayments();
  const path = `/billing/receipts/${reference}`;
  const payment = payments.data?.find((p) => p.receiptUrl === path);
  return (
    <Stack gap="lg" maw={520}>
      <Card withBorder padding={0} radius="md" style={{ overflow: 'hidden' }}>
        <TestModeBanner />
        <Stack gap="md" p="xl">
          <Group justify="space-between">
            <Logo size={24} />
            <Title order={1} fz="lg">
              Receipt
            </Title>
          </Group>
          {payments.isPending ? (
            <Text size="sm" c="dimmed">
              Loading receipt...
            </Text>
          ) : payments.error ? (
            <ErrorAlert
              title="Failed to fetch payment history"
              error={payments.error}
              onRetry={() => void payments.refetch()}
            />
          ) : !payment ? (
            <Text size="sm">This receipt was not found among your payments.</Text>
          ) : (
            <Stack gap="xs">
              <Text fz={32} fw={800}>
                {formatAmount(payment.amount, payment.currency)}
              </Text>
              <Line label="Date" value={formatLongDate(payment.createdAt)} />
              <Line label="Description" value="Earshot Pro, one month" />
              <Line
                label="Status"
                value={
                  <Badge color={payment.status === 'succeeded' ? 'green' : 'gray'} variant="light">
                    {payment.status}
                  </Badge>
                }
              />
              <Line label="Payment method" value={payment.paymentMethod ?? 'N/A'} />
              <Line label="Reference" value={reference} />
            </Stack>
          )}
        </Stack>
      </Card>
      <Anchor component={Link} to="/settings?tab=subscription" size="sm">
        Back to Subscription
      </Anchor>
    </Stack>
  );
}
