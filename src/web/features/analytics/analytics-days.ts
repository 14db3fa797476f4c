import { analyticsQuerySchema, type AnalyticsDays } from '@shared/api/analytics';

/** The period a URL asks for (?days=7|30|90); anything else is the default, 30 days. */
export function daysFromSearch(params: URLSearchParams): AnalyticsDays {
  const parsed = analyticsQuerySchema.safeParse({ days: params.get('days') ?? undefined });
  return parsed.success ? parsed.data.days : analyticsQuerySchema.parse({}).days;
}
