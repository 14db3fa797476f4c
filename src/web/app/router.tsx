import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import { GuestOnly, ProtectedLayout, PublicPages, ShellForViewer } from './guards';
import { RootLayout } from './root-layout';

type RouteModule = { default: React.ComponentType };

/** Each screen is its own chunk, fetched when first visited, so the first load stays small. */
const page = (load: () => Promise<RouteModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        element: <GuestOnly />,
        children: [
          { path: '/landing', ...page(() => import('./routes/landing')) },
          { path: '/auth', ...page(() => import('./routes/auth')) },
        ],
      },
      {
        element: <PublicPages />,
        children: [
          { path: '/privacy', ...page(() => import('./routes/privacy')) },
          { path: '/terms', ...page(() => import('./routes/terms')) },
          { path: '/refund', ...page(() => import('./routes/refund')) },
          // Mailed links: they work signed in or not.
          { path: '/verify-email', ...page(() => import('./routes/verify-email')) },
          { path: '/reset-password', ...page(() => import('./routes/reset-password')) },
          { path: '/invitations/accept', ...page(() => import('./routes/accept-invitation')) },
        ],
      },
      // A hosted-checkout page of its own (test mode), outside the app shell.
      { path: '/billing/test-checkout/:id', ...page(() => import('./routes/test-checkout')) },
      {
        element: <ShellForViewer />,
        children: [{ path: '/pricing', ...page(() => import('./routes/pricing')) }],
      },
      {
        element: <ProtectedLayout />,
        children: [
          { index: true, ...page(() => import('./routes/dashboard')) },
          { path: '/dashboard', ...page(() => import('./routes/dashboard')) },
          { path: '/alerts', ...page(() => import('./routes/manage-keywords')) },
          { path: '/alerts/debug/:id', ...page(() => import('./routes/alert-debug')) },
          { path: '/mentions', ...page(() => import('./routes/mentions')) },
          { path: '/analytics', ...page(() => import('./routes/analytics')) },
          { path: '/settings', ...page(() => import('./routes/settings')) },
          { path: '/billing/receipts/:reference', ...page(() => import('./routes/receipt')) },
        ],
      },
      { path: '*', ...page(() => import('./routes/not-found')) },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
