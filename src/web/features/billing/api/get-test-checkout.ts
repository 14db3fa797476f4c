import { testCheckoutSchema } from '@shared/api/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The built-in test-mode checkout (no payment provider configured). */
export const getTestCheckout = (id: string) =>
  api.get(`/api/subscriptions/test-checkout/${encodeURIComponent(id)}`, testCheckoutSchema);

export const testCheckoutQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.billing.testCheckout(id),
    queryFn: () => getTestCheckout(id),
  });

export const useTestCheckout = (id: string) => useQuery(testCheckoutQueryOptions(id));
