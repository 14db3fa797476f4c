import { Anchor, Button, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAuth } from '../../features/accounts';
import { withNext } from '../../lib/next-path';
import {
  PlanCard,
  PlanCardSkeleton,
  PricingFaq,
  useCheckoutReturn,
  usePlanPair,
  useStartCheckout,
} from '../../features/billing';
import { useSitesText } from '../../lib/sites-text';

type Viewer = 'anonymous' | 'free' | 'pro';

const SIGN_UP = '/auth?tab=register';
// A Pro user's "Downgrade to Free" goes to Settings, where cancellation lives.
// See docs/product.md §3 (Screens).
const MANAGE_PLAN = '/settings?tab=subscription';

function FreeAction({ viewer }: { viewer: Viewer }) {
  if (viewer === 'anonymous') {
    return (
      <Button component={Link} to={SIGN_UP} variant="default" size="md" fullWidth>
        Get Started for Free
      </Button>
    );
  }
  if (viewer === 'free') {
    return (
      <Button variant="default" size="md" fullWidth disabled>
        Current Plan
      </Button>
    );
  }
  return (
    <Button component={Link} to={MANAGE_PLAN} variant="default" size="md" fullWidth>
      Downgrade to Free
    </Button>
  );
}

function ProAction({ viewer, proPlanId }: { viewer: Viewer; proPlanId: number }) {
  const checkout = useStartCheckout('pricing');
  if (viewer === 'anonymous') {
    return (
      // Back here after signing up, where Upgrade to Pro is one click.
      <Button component={Link} to={withNext(SIGN_UP, '/pricing')} size="md" fullWidth>
        Sign Up to Unlock Pro
      </Button>
    );
  }
  if (viewer === 'free') {
    return (
      <Button
        size="md"
        fullWidth
        onClick={() => void checkout.start(proPlanId)}
        loading={checkout.isPending}
        disabled={proPlanId === 0}
      >
        Upgrade to Pro
      </Button>
    );
  }
  return (
    <Button size="md" fullWidth disabled>
      Current Plan
    </Button>
  );
}

export default function PricingRoute() {
  const { user } = useAuth();
  const sites = useSitesText();
  const viewer: Viewer = !user ? 'anonymous' : user.planType === 'pro' ? 'pro' : 'free';
  const plans = usePlanPair();
  useCheckoutReturn();

  return (
    <Container size="lg" py={user ? 0 : { base: 40, md: 72 }} px={user ? 0 : undefined}>
      <Stack gap={48}>
        <Stack gap="sm" ta="center" align="center">
          <Title order={1} fz={{ base: 30, sm: 40 }} style={{ letterSpacing: '-0.02em' }}>
            Simple, transparent pricing
          </Title>
          <Text c="dimmed" size="lg" maw={560}>
            Start for free: hear your keywords on {sites}. Upgrade when these conversations become a
            channel that matters to you.
          </Text>
        </Stack>

        <Stack gap="sm" maw={880} mx="auto" w="100%">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {plans.isLoading ? (
              <>
                <PlanCardSkeleton />
                <PlanCardSkeleton />
              </>
            ) : (
              <>
                <PlanCard
                  plan={plans.free}
                  current={viewer === 'free'}
                  action={<FreeAction viewer={viewer} />}
                />
                <PlanCard
                  plan={plans.pro}
                  recommended={viewer !== 'pro'}
                  current={viewer === 'pro'}
                  action={<ProAction viewer={viewer} proPlanId={plans.pro.id} />}
                />
              </>
            )}
          </SimpleGrid>
          {plans.usesFallback && plans.error && (
            <Text size="xs" c="dimmed" ta="center" role="status">
              Live plan details could not be loaded, so the standard plans are shown.{' '}
              <Anchor
                component="button"
                type="button"
                size="xs"
                onClick={plans.refetch}
                disabled={plans.isFetching}
              >
                {plans.isFetching ? 'Retrying...' : 'Retry'}
              </Anchor>
            </Text>
          )}
        </Stack>

        <PricingFaq />
      </Stack>
    </Container>
  );
}
