import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '../styles.css';

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/accounts';
import { ApiError } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import { cssVariablesResolver, theme } from './theme';

function createQueryClient() {
  const client: QueryClient = new QueryClient({
    // Data is never stale, never refetched on focus, never polled, never retried; the queries
    // that poll say so themselves. See docs/product.md §6 (API conventions).
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({
      // A 401 on any read means the session ended (expired, or deleted elsewhere): forget the
      // user so the protected routes send the visitor to /landing.
      onError: (error, query) => {
        if (
          error instanceof ApiError &&
          error.status === 401 &&
          query.queryKey[0] !== queryKeys.user[0]
        ) {
          client.setQueryData(queryKeys.user, null);
        }
      },
    }),
  });
  return client;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      {/* Top centre, between the page's heading and its actions (styles.css, decision 038). */}
      <Notifications limit={1} position="top-center" className="app-toasts" />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
