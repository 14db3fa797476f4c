/**
 * Reddit access: OAuth tokens, the shared request budget, and listing parsing. Knows no
 * storage: the budget's store and the outcome callback are passed in by the worker.
 */
export {
  createRedditClient,
  type RedditClient,
  type RedditClientOptions,
  type RequestOutcome,
} from './client';
export {
  createRequestBudget,
  memoryBudgetStore,
  type BudgetOptions,
  type BudgetState,
  type BudgetStore,
  type RequestBudget,
} from './budget';
export { RedditError, type RedditFailure } from './errors';
export { parseListing, toRedditItem, type ListingPage, type RedditItem } from './items';
