import { paymentListSchema } from '@shared/api/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getPayments = () => api.get('/api/subscriptions/payments', paymentListSchema);

export const paymentsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.billing.payments, queryFn: getPayments });

export const usePayments = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...paymentsQueryOptions(), ...options });
