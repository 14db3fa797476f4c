import { compileAlertIndex, type AlertInput } from '../../matching';
import { toRedditSearch, type RedditClient, type RequestPriority } from '../../reddit';
import { splitNames } from '../listings/listing-repo';
import { matchItems } from '../page-items';
import type { MatchedItem } from '../store-mentions';

export const BACKFILL_DAYS = 7;

/**
 * Reddit's search for an alert's query over the past week (restricted to its subreddits),
 * re-checked locally with the alert's own matcher: Reddit's results are broader (exclusions
 * and prefixes are not sent) and tokenised differently. Newest first. Used by the backfill
 * and by the diagnostic's live test.
 */
export async function searchAlert(
  reddit: RedditClient,
  alert: AlertInput,
  now: Date,
  /** `user`: who set the search off; it then draws from the interactive share (decision 022). */
  options: { priority: RequestPriority; signal?: AbortSignal; user?: number },
): Promise<MatchedItem[]> {
  const q = toRedditSearch(alert.keyword);
  if (!q) return [];
  const page = await reddit.search(
    { q, subreddits: splitNames(alert.subreddits), t: 'week', limit: 100 },
    options.signal,
    options.priority,
    options.user,
  );
  const since = now.getTime() - BACKFILL_DAYS * 24 * 3600_000;
  const recent = page.items.filter((item) => item.createdAt.getTime() >= since && !item.removed);
  // One alert's own index: the same rules as the live matching, paused or not.
  const index = compileAlertIndex([{ ...alert, isActive: true, isPaused: false }]);
  return matchItems(index, recent)
    .map((match) => ({ ...match, alert }))
    .sort((a, b) => b.item.createdAt.getTime() - a.item.createdAt.getTime());
}
