import { Box } from '@mantine/core';
import { Navigate, useLocation, useParams } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { useAuth } from '../../features/accounts';
import { TestCheckout, TestModeBanner } from '../../features/billing';
import { withNext } from '../../lib/next-path';

/** /billing/test-checkout/:id — a page of its own, like a provider's hosted checkout. */
export default function TestCheckoutRoute() {
  const { id = '' } = useParams();
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <FullPageLoader />;
  if (!user) {
    return <Navigate to={withNext('/auth?tab=login', location.pathname)} replace />;
  }
  return (
    <Box mih="100vh" bg="gray.0">
      <TestModeBanner />
      <TestCheckout id={id} />
    </Box>
  );
}
