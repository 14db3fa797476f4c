// The ingestion area: the listing planner, pollers, backfills and re-checks that turn Reddit's
// listings into mentions, the monitoring status, and the Reddit clients of the configuration.
export { searchAlert } from './backfill/alert-search';
export { isListingBehind } from './listings/listing-repo';
export { latestBackfill, requestBackfill } from './backfill/backfill-repo';
export { createIngestionJobs, type IngestionJobName } from './jobs';
export { matchItems } from './page-items';
export {
  sourceClientsFromConfig,
  type SourceClients,
  type SourceTuning,
} from './sources/source-clients';
export type { SourceSettings } from './sources/source-jobs';
export { listSourceReads } from './sources/source-reads-repo';
export type { PollSettings } from './listings/turn-types';
export {
  feedClientFromConfig,
  redditClientFromConfig,
  redditMode,
  type RedditTuning,
} from './reddit-clients';
export { ingestionRoutes } from './status/routes';
export { plannedListings, subredditNames } from './status/status-repo';
export {
  subredditAccessMessage,
  createIngestionService,
  listingsOf,
  toListingStatus,
  type IngestionService,
} from './status/ingestion-service';
