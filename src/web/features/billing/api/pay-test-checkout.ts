import { testCheckoutResultSchema } from '@shared/api/subscriptions';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Pays the test-mode checkout; answers the URL to go to next (the success return URL). */
export const payTestCheckout = (id: string) =>
  api.post(
    `/api/subscriptions/test-checkout/${encodeURIComponent(id)}/pay`,
    testCheckoutResultSchema,
  );

export const usePayTestCheckout = () => useMutation({ mutationFn: payTestCheckout });
