import { testCheckoutResultSchema } from '@shared/api/subscriptions';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Leaves the test-mode checkout; answers the URL to go to next (the cancel return URL). */
export const cancelTestCheckout = (id: string) =>
  api.post(
    `/api/subscriptions/test-checkout/${encodeURIComponent(id)}/cancel`,
    testCheckoutResultSchema,
  );

export const useCancelTestCheckout = () => useMutation({ mutationFn: cancelTestCheckout });
