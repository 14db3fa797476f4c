import { activitySchema } from '@shared/api/mentions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const ACTIVITY_DAYS_SHOWN = 30;

export const getActivity = (days: number) =>
  api.get(`/api/mentions/activity?days=${days}`, activitySchema);

export const activityQueryOptions = (days = ACTIVITY_DAYS_SHOWN) =>
  queryOptions({ queryKey: queryKeys.mentions.activity(days), queryFn: () => getActivity(days) });

export const useActivity = () => useQuery(activityQueryOptions());
