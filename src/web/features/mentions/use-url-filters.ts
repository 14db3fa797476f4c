import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromSearch, type UrlFilterKey } from './url-filters';

/**
 * The Alerts list's filters live in the URL (?subreddit=saas&replied=false&since=2026-11-01), so
 * a filtered view can be bookmarked and shared. A value the API would refuse is dropped.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);

  const setFilter = useCallback(
    (key: UrlFilterKey, value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  return { filters, setFilter, clear, filtered: Object.keys(filters).length > 0 };
}
