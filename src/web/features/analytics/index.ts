// What the app may use of analytics (the /analytics page's report and its period).
export { AnalyticsReport } from './components/analytics-report';
export { PeriodControl } from './components/period-control';
export { useAnalyticsDays } from './use-analytics-days';
