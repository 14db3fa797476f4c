import { checkoutResponseSchema, type CheckoutBody } from '@shared/api/subscriptions';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const createCheckout = (body: CheckoutBody) =>
  api.post('/api/subscriptions/checkout', checkoutResponseSchema, body);

/** Starts a hosted checkout; the caller sends the browser to the returned URL. */
export const useCreateCheckout = () => useMutation({ mutationFn: createCheckout });
