import { currentSubscriptionSchema } from '@shared/api/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getCurrentSubscription = () =>
  api.get('/api/subscriptions/current', currentSubscriptionSchema);

export const currentSubscriptionQueryOptions = () =>
  queryOptions({ queryKey: ['subscription', 'current'], queryFn: getCurrentSubscription });

export const useCurrentSubscription = () => useQuery(currentSubscriptionQueryOptions());
