import { lazy } from 'react';

/**
 * The chart library is most of the dashboard's code: the chart loads after the rest of the page.
 * Render it inside a Suspense boundary.
 */
export const LazyActivityChart = lazy(async () => ({
  default: (await import('./activity-chart')).ActivityChart,
}));
