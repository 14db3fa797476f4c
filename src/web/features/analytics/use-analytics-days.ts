import type { AnalyticsDays } from '@shared/api/analytics';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { daysFromSearch } from './analytics-days';

/** The period shown lives in the URL (?days=7), so a view can be bookmarked and shared. */
export function useAnalyticsDays() {
  const [params, setParams] = useSearchParams();
  const days = daysFromSearch(params);
  const setDays = useCallback(
    (next: AnalyticsDays) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('days', String(next));
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [days, setDays] as const;
}
