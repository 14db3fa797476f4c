import { Center, Container } from '@mantine/core';
import { Navigate, Outlet } from 'react-router';
import { ErrorAlert } from '../components/error-alert';
import { FullPageLoader } from '../components/full-page-loader';
import { useAuth } from '../features/accounts';
import { AppLayout } from './layout/app-layout';
import { PublicLayout } from './layout/public-layout';

function SessionError() {
  const { error, refetch, isFetching } = useAuth();
  return (
    <Center mih="100vh" px="md">
      <Container size={480} w="100%">
        <ErrorAlert
          title="Could not load your session"
          error={error}
          onRetry={refetch}
          retrying={isFetching}
        />
      </Container>
    </Center>
  );
}

/** Signed-in pages: a spinner while the user loads, /landing without one, else the app shell. */
export function ProtectedLayout() {
  const { user, isLoading, error } = useAuth();
  if (isLoading) return <FullPageLoader />;
  if (!user && error) return <SessionError />;
  if (!user) return <Navigate to="/landing" replace />;
  return (
    <AppLayout user={user}>
      <Outlet />
    </AppLayout>
  );
}

/** Landing and sign-in: a signed-in user goes straight to the dashboard. */
export function GuestOnly() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageLoader />;
  if (user) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** Pricing is public but sits inside the app shell for a signed-in user. */
export function ShellForViewer() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageLoader />;
  if (user) {
    return (
      <AppLayout user={user}>
        <Outlet />
      </AppLayout>
    );
  }
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}

/** Legal pages: always the public frame. */
export function PublicPages() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}
