import {
  Anchor,
  Badge,
  Box,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { Payment } from '@shared/api/subscriptions';
import { ErrorAlert } from '../../../components/error-alert';
import { usePayments } from '../api/get-payments';
import { formatAmount, formatLongDate } from '../format-date';

const STATUS_COLOR: Record<string, string> = { succeeded: 'green', failed: 'red' };

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLOR[status] ?? 'gray'} variant="light">
      {status}
    </Badge>
  );
}

function ReceiptLink({ url }: { url: string | null }) {
  if (!url) return <>N/A</>;
  // Stripe's receipts open in a new tab; test mode's receipt is a page of the app.
  const external = !url.startsWith('/');
  return (
    <Anchor
      href={url}
      size="sm"
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      View receipt
    </Anchor>
  );
}

/** On a phone each payment is a small card rather than a table row that scrolls sideways. */
function PaymentCard({ payment }: { payment: Payment }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {formatAmount(payment.amount, payment.currency)}
        </Text>
        <StatusBadge status={payment.status} />
      </Group>
      <Text size="sm" c="dimmed">
        {formatLongDate(payment.createdAt)} · {payment.paymentMethod ?? 'N/A'}
      </Text>
      <Text size="sm">
        Receipt: <ReceiptLink url={payment.receiptUrl} />
      </Text>
    </Paper>
  );
}

function Row({ payment }: { payment: Payment }) {
  return (
    <Table.Tr>
      <Table.Td>{formatLongDate(payment.createdAt)}</Table.Td>
      <Table.Td>{formatAmount(payment.amount, payment.currency)}</Table.Td>
      <Table.Td>
        <StatusBadge status={payment.status} />
      </Table.Td>
      <Table.Td>{payment.paymentMethod ?? 'N/A'}</Table.Td>
      <Table.Td>
        <ReceiptLink url={payment.receiptUrl} />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Date, amount, status badge (succeeded green, failed red, other grey), method, receipt:
 * docs/product.md §3 (Screens).
 */
export function PaymentHistory() {
  const payments = usePayments();
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        Payment History
      </Title>
      {payments.isPending ? (
        <Stack gap="xs" aria-busy>
          <Skeleton h={20} />
          <Skeleton h={20} />
        </Stack>
      ) : payments.error ? (
        <ErrorAlert
          title="Failed to fetch payment history"
          error={payments.error}
          onRetry={() => void payments.refetch()}
          retrying={payments.isFetching}
        />
      ) : payments.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payments yet. Payments for a Pro subscription will be listed here.
        </Text>
      ) : (
        <>
          <Stack gap="xs" hiddenFrom="sm">
            {payments.data.map((payment) => (
              <PaymentCard key={payment.id} payment={payment} />
            ))}
          </Stack>
          <Box visibleFrom="sm">
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" highlightOnHover style={{ whiteSpace: 'nowrap' }}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Amount</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Payment method</Table.Th>
                    <Table.Th>Receipt</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {payments.data.map((payment) => (
                    <Row key={payment.id} payment={payment} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Box>
        </>
      )}
    </Stack>
  );
}
