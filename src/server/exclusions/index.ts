// The exclusions area: subreddits and authors a user never wants as mentions, whatever the
// keyword (Settings → Notifications), applied by ingestion when it stores a page's matches.
export { dropExcluded, type ExclusionSubject } from './matching';
export { exclusionRoutes } from './routes';
export { createExclusionService, type ExclusionService } from './service';
