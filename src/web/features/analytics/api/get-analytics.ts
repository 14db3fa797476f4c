import { analyticsSchema, type AnalyticsDays } from '@shared/api/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getAnalytics = (days: AnalyticsDays) =>
  api.get(`/api/analytics?days=${days}`, analyticsSchema);

export const analyticsQueryOptions = (days: AnalyticsDays) =>
  queryOptions({ queryKey: queryKeys.analytics.period(days), queryFn: () => getAnalytics(days) });

/** Another period keeps the figures shown until its own arrive (the page marks them busy). */
export const useAnalytics = (days: AnalyticsDays) =>
  useQuery({ ...analyticsQueryOptions(days), placeholderData: keepPreviousData });
