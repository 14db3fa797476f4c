// The ingestion area: the listing planner, pollers, backfills and re-checks that turn Reddit's
// listings into mentions, the monitoring status, and the Reddit clients of the configuration.
export { searchAlert } from './alert-search';
export { latestBackfill, requestBackfill } from './backfill-repo';
export { createIngestionJobs, type IngestionJobName } from './jobs';
export { matchItems } from './page-items';
export type { PollSettings } from './poll-listing';
export {
  feedClientFromConfig,
  redditClientFromConfig,
  redditMode,
  type RedditTuning,
} from './reddit-clients';
export { ingestionRoutes } from './routes';
export { plannedListings, toNames as subredditNames } from './status-repo';
export {
  createIngestionService,
  listingsOf,
  toListingStatus,
  type IngestionService,
} from './status-service';
