import { Center, Container } from '@mantine/core';
import { useState } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { ErrorAlert } from '../components/error-alert';
import { FullPageLoader } from '../components/full-page-loader';
import { useAuth } from '../features/accounts';
import { safeNextPath, withNext } from '../lib/next-path';
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

/**
 * Signed-in pages: a spinner while the user loads, /landing without one (with `?next=` for
 * signing in back to this page), else the app shell.
 */
export function ProtectedLayout() {
  const { user, isLoading, error } = useAuth();
  const location = useLocation();
  // Signed out here (Logout, account deletion): plain /landing, with no way "back" to a page
  // of the account that just ended.
  const [signedInHere, setSignedInHere] = useState(false);
  if (user && !signedInHere) setSignedInHere(true);
  if (isLoading) return <FullPageLoader />;
  if (!user && error) return <SessionError />;
  if (!user && signedInHere) return <Navigate to="/landing" replace />;
  if (!user) {
    const next = safeNextPath(`${location.pathname}${location.search}${location.hash}`);
    const home = next === '/' || next === '/dashboard' ? undefined : next;
    return <Navigate to={withNext('/landing', home)} replace />;
  }
  return (
    <AppLayout user={user}>
      <Outlet />
    </AppLayout>
  );
}

/** Landing and sign-in: a signed-in user goes straight to `?next=`, else the dashboard. */
export function GuestOnly() {
  const { user, isLoading } = useAuth();
  const [searchParams] = useSearchParams();
  if (isLoading) return <FullPageLoader />;
  if (user) return <Navigate to={safeNextPath(searchParams.get('next')) ?? '/dashboard'} replace />;
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
