// The analytics area: a workspace's mentions and replies over 7, 30 or 90 days (DESIGN §9), from
// the hourly counts the database keeps.
export { analyticsRoutes } from './routes';
export { createAnalyticsService, type AnalyticsService } from './service';
