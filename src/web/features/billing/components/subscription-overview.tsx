import { Alert, Badge, Button, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { CurrentSubscription } from '@shared/api/subscriptions';
import { isProPlanName } from '@shared/builtin-plans';
import { IconClockPause, IconCreditCard } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCurrentSubscription } from '../api/get-current-subscription';
import { useResumeSubscription } from '../api/resume-subscription';
import { formatLongDate } from '../format-date';
import { usePlanPair } from '../use-plan-pair';
import { useStartCheckout } from '../use-start-checkout';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';
import { PaymentHistory } from './payment-history';
import { PlanCard } from './plan-card';
import { PlanCardSkeleton } from './plan-card-skeleton';

function Summary({ subscription }: { subscription: NonNullable<CurrentSubscription> }) {
  const end = formatLongDate(subscription.currentPeriodEnd);
  const line =
    subscription.status === 'past_due'
      ? 'Your last payment failed. The card will be retried; update it at the payment provider to keep Pro.'
      : subscription.cancelAtPeriodEnd
        ? `Pro stays active until ${end}.`
        : `Renews on ${end}.`;
  return (
    <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
      <Stack gap={2}>
        <Text size="sm">
          You are on the <strong>{subscription.plan.name}</strong> plan.
        </Text>
        <Text size="sm" c={subscription.status === 'past_due' ? 'red' : 'dimmed'}>
          {line}
        </Text>
      </Stack>
      {subscription.provider === 'test' && (
        <Badge color="yellow" variant="light">
          Test mode
        </Badge>
      )}
    </Group>
  );
}

function CancelNotice({ periodEnd }: { periodEnd: string | null }) {
  const resume = useResumeSubscription();
  const onResume = async () => {
    try {
      await resume.mutateAsync();
      toastSuccess('Subscription Resumed', 'Your Pro plan will renew as usual.');
    } catch (error) {
      toastError('Resume Failed', error);
    }
  };
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconClockPause size={20} aria-hidden />}
      title="You will be downgraded to Free at the end of your billing period"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Pro features stay on{periodEnd ? ` until ${formatLongDate(periodEnd)}` : ''}. Changed your
          mind? Resume and nothing changes.
        </Text>
        <Button size="sm" onClick={() => void onResume()} loading={resume.isPending}>
          Resume Subscription
        </Button>
      </Stack>
    </Alert>
  );
}

/** Settings → Subscription: the plans, upgrade or cancel, the period-end notice, payments. */
export function SubscriptionOverview() {
  const plans = usePlanPair();
  const current = useCurrentSubscription();
  const checkout = useStartCheckout('settings');
  const [cancelOpened, cancelDialog] = useDisclosure(false);

  if (plans.isLoading || current.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy>
        <PlanCardSkeleton />
        <PlanCardSkeleton />
      </SimpleGrid>
    );
  }
  if (plans.error || current.error) {
    return (
      <ErrorAlert
        title="Failed to load subscription data"
        error={current.error ?? plans.error}
        onRetry={() => {
          plans.refetch();
          void current.refetch();
        }}
        retrying={plans.isFetching || current.isFetching}
      />
    );
  }

  const subscription = current.data;
  const isPro = subscription !== null && isProPlanName(subscription.plan.name);
  return (
    <Stack gap="lg">
      {subscription ? (
        <Summary subscription={subscription} />
      ) : (
        <Text size="sm">
          You are on the <strong>{plans.free.name}</strong> plan.
        </Text>
      )}
      {subscription?.cancelAtPeriodEnd && (
        <CancelNotice periodEnd={subscription.currentPeriodEnd} />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PlanCard plan={plans.free} current={!isPro} />
        <PlanCard
          plan={plans.pro}
          current={isPro}
          recommended={!isPro}
          action={
            isPro ? (
              // Once set to end, the notice above offers Resume; the card offers only "now",
              // never a second "Cancel Subscription" beside Resume, which would read as undoing it.
              <Button
                variant={subscription.cancelAtPeriodEnd ? 'subtle' : 'outline'}
                color="red"
                fullWidth
                onClick={cancelDialog.open}
              >
                {subscription.cancelAtPeriodEnd ? 'Cancel Immediately' : 'Cancel Subscription'}
              </Button>
            ) : (
              <Button
                fullWidth
                leftSection={<IconCreditCard size={16} aria-hidden />}
                onClick={() => void checkout.start(plans.pro.id)}
                loading={checkout.isPending}
                disabled={plans.pro.id === 0}
              >
                Upgrade to Pro
              </Button>
            )
          }
        />
      </SimpleGrid>
      <Divider />
      <PaymentHistory />
      {subscription && (
        <CancelSubscriptionDialog
          opened={cancelOpened}
          onClose={cancelDialog.close}
          periodEnd={subscription.currentPeriodEnd}
          atPeriodEndSet={subscription.cancelAtPeriodEnd}
          freeKeywordLimit={plans.free.limits.activeKeywords}
        />
      )}
    </Stack>
  );
}
