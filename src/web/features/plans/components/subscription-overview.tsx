import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert';
import { usePlanPair } from '../use-plan-pair';
import { PlanCard } from './plan-card';
import { PlanCardSkeleton } from './plan-card-skeleton';

/**
 * The plans with the user's current one marked. Read-only for now: checkout, cancellation and
 * payment history arrive with the billing issue.
 */
export function SubscriptionOverview({ planType }: { planType: 'free' | 'pro' }) {
  const plans = usePlanPair();

  if (plans.isLoading) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy>
        <PlanCardSkeleton />
        <PlanCardSkeleton />
      </SimpleGrid>
    );
  }
  if (plans.error) {
    return (
      <ErrorAlert
        title="Failed to load subscription data"
        error={plans.error}
        onRetry={plans.refetch}
        retrying={plans.isFetching}
      />
    );
  }

  const isPro = planType === 'pro';
  const billingNote = (
    <Text size="xs" c="dimmed" ta="center">
      Plan changes open once billing is set up.
    </Text>
  );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        You are on the <strong>{isPro ? plans.pro.name : plans.free.name}</strong> plan.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PlanCard
          plan={plans.free}
          current={!isPro}
          action={
            isPro ? (
              <Button variant="default" fullWidth disabled>
                Downgrade to Free
              </Button>
            ) : undefined
          }
          footnote={isPro ? billingNote : undefined}
        />
        <PlanCard
          plan={plans.pro}
          current={isPro}
          recommended={!isPro}
          action={
            isPro ? undefined : (
              <Button fullWidth disabled>
                Upgrade to Pro
              </Button>
            )
          }
          footnote={isPro ? undefined : billingNote}
        />
      </SimpleGrid>
    </Stack>
  );
}
