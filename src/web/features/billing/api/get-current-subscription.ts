import { currentSubscriptionSchema } from '@shared/api/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getCurrentSubscription = () =>
  api.get('/api/subscriptions/current', currentSubscriptionSchema);

export const currentSubscriptionQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.billing.current, queryFn: getCurrentSubscription });

export const useCurrentSubscription = () => useQuery(currentSubscriptionQueryOptions());
