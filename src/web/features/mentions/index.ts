// What the app and other features may use of mentions (lists, activity, stats).
export { exportUrl } from './api/export-mentions';
export { useStats } from './api/get-stats';
export { LazyActivityChart } from './components/lazy-activity-chart';
export { MentionFilters } from './components/mention-filters';
export { MentionList } from './components/mention-list';
export { RecentMentions } from './components/recent-mentions';
export { useUrlFilters } from './use-url-filters';
