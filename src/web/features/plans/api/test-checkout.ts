import { testCheckoutResultSchema, testCheckoutSchema } from '@shared/api/subscriptions';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The built-in test-mode checkout (no payment provider configured). */
export const getTestCheckout = (id: string) =>
  api.get(`/api/subscriptions/test-checkout/${encodeURIComponent(id)}`, testCheckoutSchema);

export const testCheckoutQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['test-checkout', id], queryFn: () => getTestCheckout(id) });

export const useTestCheckout = (id: string) => useQuery(testCheckoutQueryOptions(id));

const finish = (id: string, action: 'pay' | 'cancel') =>
  api.post(
    `/api/subscriptions/test-checkout/${encodeURIComponent(id)}/${action}`,
    testCheckoutResultSchema,
  );

/** Both answer the URL to go to next (the success or the cancel return URL). */
export const usePayTestCheckout = () =>
  useMutation({ mutationFn: (id: string) => finish(id, 'pay') });
export const useCancelTestCheckout = () =>
  useMutation({ mutationFn: (id: string) => finish(id, 'cancel') });
