import type { IngestionStatus } from '@shared/api/ingestion';
import type { LiveEvent } from '@shared/api/live-events';
import type { QueryClient } from '@tanstack/react-query';
import { mutationKeys, queryKeys } from '../../lib/query-keys';

/**
 * Brings the cache up to date with one event of the live stream, refetching only what it says
 * changed (and only the queries on screen: the others are marked for their next mount).
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent) {
  switch (event.type) {
    case 'mentions':
      // New mentions move the feeds and chart, the counts (the stats, the analytics, and what
      // the monitoring status says was caught), and the keywords' "Last Updated".
      void queryClient.invalidateQueries({ queryKey: queryKeys.mentions.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats });
      void queryClient.invalidateQueries({ queryKey: queryKeys.analytics.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.alerts.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.ingestion.status });
      return;
    case 'status':
      return applyListingRead(queryClient, event);
    case 'resync':
      return refetchAfterGap(queryClient);
  }
}

/** While the session ends (logout, account deletion), refetches would only be answered 401. */
const sessionEnding = (queryClient: QueryClient) =>
  queryClient.isMutating({ mutationKey: mutationKeys.endSession }) > 0;

/**
 * Events may have been missed (the stream was down): everything but the session is refetched
 * or marked for its next mount.
 */
export function refetchAfterGap(queryClient: QueryClient) {
  if (sessionEnding(queryClient)) return;
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== queryKeys.user[0],
  });
}

/**
 * A listing read: when it answered and the listing shown was healthy, its time is written into
 * the cached status (no request: reads happen every few seconds); a failure, or a recovery,
 * refetches the status and the keywords' check state. Listings of other users are ignored.
 */
function applyListingRead(queryClient: QueryClient, event: Extract<LiveEvent, { type: 'status' }>) {
  const status = queryClient.getQueryData<IngestionStatus>(queryKeys.ingestion.status);
  const listing = status?.listings.find((l) => l.id === event.listingId);
  if (!status || !listing) return;
  if (event.ok && listing.lastError === null) {
    queryClient.setQueryData<IngestionStatus>(queryKeys.ingestion.status, {
      ...status,
      listings: status.listings.map((l) =>
        l.id === listing.id ? { ...l, lastSuccessAt: event.at } : l,
      ),
    });
    return;
  }
  void queryClient.invalidateQueries({ queryKey: queryKeys.ingestion.status });
  void queryClient.invalidateQueries({ queryKey: queryKeys.alerts.all });
}
