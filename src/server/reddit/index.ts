/**
 * Reddit access: OAuth tokens, the shared request budget, and listing parsing. Knows no
 * storage: the budget's store and the outcome callback are passed in by the worker.
 */
export {
  BACKGROUND_SHARE,
  createRedditClient,
  type RedditClient,
  type RedditClientOptions,
  type RequestOutcome,
  type RequestPriority,
  type SearchParams,
} from './client';
export {
  createRequestBudget,
  memoryBudgetStore,
  type BudgetOptions,
  type BudgetState,
  type BudgetStore,
  type RequestBudget,
} from './budget';
export { BudgetBusyError, RedditError, type RedditFailure } from './errors';
export { parseListing, toRedditItem, type ListingPage, type RedditItem } from './items';
export { parseAtomFeed, type FeedPage } from './atom-feed';
export { createFeedClient, FEED_LIMIT, type FeedClient } from './feed-client';
export { toRedditSearch } from './search-query';
