import { paymentListSchema } from '@shared/api/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getPayments = () => api.get('/api/subscriptions/payments', paymentListSchema);

export const paymentsQueryOptions = () =>
  queryOptions({ queryKey: ['subscription', 'payments'], queryFn: getPayments });

export const usePayments = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...paymentsQueryOptions(), ...options });
