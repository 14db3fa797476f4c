// The mentions area: the stored matches, their feed, filters and CSV, and the dashboard stats.
export { mentionContentColumns } from './repo';
export { mentionRoutes } from './routes';
export { createMentionService, mentionItems, type MentionService } from './service';
export { statsRoutes } from './stats-routes';
export { createStatsService, type StatsService } from './stats-service';
export { lastLocalDays } from './local-days';
