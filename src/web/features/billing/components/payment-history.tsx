import { Anchor, Badge, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Payment } from '@shared/api/subscriptions';
import { ErrorAlert } from '../../../components/error-alert';
import { ResponsiveTable, type TableColumn } from '../../../components/responsive-table';
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

const COLUMNS: TableColumn<Payment>[] = [
  { label: 'Date', nowrap: true, cell: (payment) => formatLongDate(payment.createdAt) },
  {
    label: 'Amount',
    nowrap: true,
    cell: (payment) => formatAmount(payment.amount, payment.currency),
  },
  { label: 'Status', cell: (payment) => <StatusBadge status={payment.status} /> },
  // "Visa •••• 4242" never breaks between the dots and the digits.
  { label: 'Payment method', nowrap: true, cell: (payment) => payment.paymentMethod ?? 'N/A' },
  { label: 'Receipt', cell: (payment) => <ReceiptLink url={payment.receiptUrl} /> },
];

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
        <ResponsiveTable
          label="Payment history"
          minWidth={640}
          columns={COLUMNS}
          rows={payments.data}
          rowKey={(payment) => payment.id}
        />
      )}
    </Stack>
  );
}
