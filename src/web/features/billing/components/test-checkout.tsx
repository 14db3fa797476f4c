import { Anchor, Button, Card, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { TEST_CARD_LABEL, type TestCheckout as TestCheckoutData } from '@shared/api/subscriptions';
import { IconCreditCard, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { Logo } from '../../../components/logo';
import { toastError } from '../../../lib/toast';
import { useCancelTestCheckout } from '../api/cancel-test-checkout';
import { useTestCheckout } from '../api/get-test-checkout';
import { usePayTestCheckout } from '../api/pay-test-checkout';
import { formatInterval, formatPrice } from '../format-price';

function Closed({ status }: { status: TestCheckoutData['status'] }) {
  const text =
    status === 'paid'
      ? 'This checkout is complete and your plan is upgraded.'
      : status === 'expired'
        ? 'This checkout session has expired. Start the upgrade again from the pricing page.'
        : 'This checkout was canceled. No payment was taken.';
  return (
    <Stack gap="sm">
      <Text size="sm">{text}</Text>
      <Group gap="md">
        <Button component={Link} to="/settings?tab=subscription" variant="default">
          Go to Settings
        </Button>
        <Anchor component={Link} to="/pricing" size="sm">
          Pricing
        </Anchor>
      </Group>
    </Stack>
  );
}

function Open({ checkout }: { checkout: TestCheckoutData }) {
  const pay = usePayTestCheckout();
  const cancel = useCancelTestCheckout();
  const price = formatPrice(checkout.plan.price);
  const busy = pay.isPending || cancel.isPending || pay.isSuccess || cancel.isSuccess;

  const go = async (action: typeof pay | typeof cancel, failure: string) => {
    try {
      const { url } = await action.mutateAsync(checkout.id);
      window.location.assign(url);
    } catch (error) {
      toastError(failure, error);
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          Subscribe to Earshot {checkout.plan.name}
        </Text>
        <Group gap={6} align="baseline">
          <Text fz={36} fw={800} lh={1}>
            {price}
          </Text>
          <Text c="dimmed" size="sm">
            {formatInterval(checkout.plan.interval)}
          </Text>
        </Group>
      </Stack>
      <Divider />
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Email
        </Text>
        <Text size="sm">{checkout.email}</Text>
      </Stack>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Card
        </Text>
        <Paper withBorder p="sm" radius="md" bg="gray.0">
          <Group gap="sm" wrap="nowrap">
            <IconCreditCard size={20} aria-hidden />
            <Text size="sm">{TEST_CARD_LABEL}</Text>
          </Group>
        </Paper>
        <Text size="xs" c="dimmed">
          No card is charged. This server has no payment provider configured, so paying here
          upgrades your account at no cost; the subscription renews monthly in the same way.
        </Text>
      </Stack>
      <Button
        size="md"
        fullWidth
        leftSection={<IconLock size={16} aria-hidden />}
        onClick={() => void go(pay, 'Checkout Failed')}
        loading={pay.isPending || pay.isSuccess}
        disabled={busy}
      >
        Pay {price}
      </Button>
      <Anchor
        component="button"
        type="button"
        size="sm"
        c="dimmed"
        ta="center"
        onClick={() => void go(cancel, 'Could not cancel the checkout')}
        disabled={busy}
      >
        Cancel and return to Earshot
      </Anchor>
    </Stack>
  );
}

/** The test-mode hosted checkout page: what Stripe's page would be, without a payment. */
export function TestCheckout({ id }: { id: string }) {
  const checkout = useTestCheckout(id);
  return (
    <Stack gap="lg" w="100%" maw={440} mx="auto" py={{ base: 24, sm: 48 }} px="md">
      <Logo size={28} />
      <Card withBorder shadow="sm" padding="xl" radius="md">
        <Stack gap="lg">
          <Title order={1} fz="xl">
            Checkout
          </Title>
          {checkout.isPending ? (
            <Text size="sm" c="dimmed">
              Loading checkout...
            </Text>
          ) : checkout.error ? (
            <ErrorAlert
              title="Checkout not available"
              error={checkout.error}
              onRetry={() => void checkout.refetch()}
              retrying={checkout.isFetching}
            />
          ) : checkout.data.status === 'open' ? (
            <Open checkout={checkout.data} />
          ) : (
            <Closed status={checkout.data.status} />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
