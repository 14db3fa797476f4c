import { planListSchema } from '@shared/api/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getPlans = () => api.get('/api/subscriptions/plans', planListSchema);

export const plansQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.billing.plans, queryFn: getPlans });

export const usePlans = () => useQuery(plansQueryOptions());
