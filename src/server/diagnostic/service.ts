import { isLiveAlert } from '@shared/api/alerts';
import type { AlertMonitoring, TestRedditApiResult } from '@shared/api/diagnostic';
import { SITE_WIDE_NEEDS_CREDENTIALS, type RedditMode } from '@shared/api/ingestion';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { RateLimiterFactory } from '../http/rate-limiter';
import { NotFoundError } from '../http/errors';
import { findOwnedAlert } from '../alerts';
import {
  latestBackfill,
  listingsOf,
  matchItems,
  plannedListings,
  searchAlert,
  subredditAccessMessage,
  subredditNames,
  toListingStatus,
} from '../ingestion';
import { compileAlertIndex, type AlertInput } from '../matching';
import { BudgetBusyError, RedditError, type FeedClient, type RedditClient } from '../reddit';
import * as repo from './repo';

export const API_TESTS_PER_MINUTE = 10;
const FEED_TEST_WAIT_MS = 15_000;

export type DiagnosticService = ReturnType<typeof createDiagnosticService>;

const failed = (error: string): TestRedditApiResult => ({
  success: false,
  mentionsFound: 0,
  error,
});

export function createDiagnosticService(deps: {
  db: Db;
  clock: Clock;
  mode: RedditMode;
  reddit?: RedditClient;
  feeds?: FeedClient;
  rateLimiter: RateLimiterFactory;
}) {
  const { db, clock, mode } = deps;
  const perUser = deps.rateLimiter({
    bucket: 'reddit-test-per-user',
    max: API_TESTS_PER_MINUTE,
    windowMs: 60_000,
    message: `You can run ${API_TESTS_PER_MINUTE} API tests per minute. Please wait a moment.`,
  });

  const owned = async (userId: number, alertId: number) => {
    const alert = await findOwnedAlert(db, userId, alertId);
    if (!alert) throw new NotFoundError('Alert not found');
    return alert;
  };

  /** Limited mode: the alert's subreddits' newest posts from their feed, matched locally. */
  async function feedTest(feeds: FeedClient, alert: AlertInput): Promise<TestRedditApiResult> {
    if (!alert.subreddits) return failed(SITE_WIDE_NEEDS_CREDENTIALS);
    if (!(await feeds.budget.tryAcquire({ maxWaitMs: FEED_TEST_WAIT_MS }))) {
      const seconds = Math.round(feeds.budget.options.windowMs / 1000);
      return failed(
        `Without Reddit API credentials Earshot may read Reddit's public feeds once every ${seconds} s, and monitoring is using that turn: try again in a minute`,
      );
    }
    const page = await feeds.read(`/r/${alert.subreddits.split(',').join('+')}/new`);
    const index = compileAlertIndex([{ ...alert, isActive: true, isPaused: false }]);
    return { success: true, mentionsFound: matchItems(index, page.items).length, error: null };
  }

  return {
    /**
     * Runs the alert's search live: the answer says what Reddit said, never a 5xx. See
     * docs/product.md §6 (API conventions).
     */
    async testApi(userId: number, alertId: number): Promise<TestRedditApiResult> {
      await perUser.hit(String(userId));
      const alert = await owned(userId, alertId);
      try {
        if (mode === 'disabled' || (!deps.reddit && !deps.feeds)) {
          return failed('Reddit access is turned off (REDDIT_ENABLED=false)');
        }
        if (deps.reddit) {
          const found = await searchAlert(deps.reddit, alert, clock.now(), {
            priority: 'interactive',
            user: userId,
          });
          return { success: true, mentionsFound: found.length, error: null };
        }
        return await feedTest(deps.feeds!, alert);
      } catch (error) {
        // The alert's own subreddits may be named: they are this user's, and this answer goes to
        // this user alone (a shared listing's stored error never names a subreddit).
        const names = subredditNames(alert.subreddits);
        if (error instanceof RedditError && names.length > 0) {
          if (error.failure === 'forbidden' || error.failure === 'not-found') {
            return failed(subredditAccessMessage(names, error.failure));
          }
        }
        if (error instanceof RedditError || error instanceof BudgetBusyError) {
          return failed(error.message);
        }
        throw error;
      }
    },

    /** The alert's listings, when each was last read, its gaps of the last 24 h, its backfill. */
    async monitoring(userId: number, alertId: number): Promise<AlertMonitoring> {
      const alert = await owned(userId, alertId);
      const now = clock.now();
      const since = new Date(now.getTime() - 24 * 3600_000);
      const siteWideWithoutCredentials = mode === 'no-credentials' && !alert.subreddits;
      const mine = isLiveAlert(alert) ? listingsOf(alert, await plannedListings(db)).listings : [];
      const listings = siteWideWithoutCredentials ? [] : mine;
      const [gaps, backfill, candidates] = await Promise.all([
        repo.gapsOfListings(
          db,
          listings.map((l) => l.id),
          since,
        ),
        latestBackfill(db, alert.id),
        repo.candidateCount(db, alert.id),
      ]);
      const names = new Set(subredditNames(alert.subreddits));
      const summary = (listingId: number) => {
        const own = gaps.filter((g) => g.listingId === listingId);
        return {
          count: own.length,
          estimatedItems: own.reduce((n, g) => n + g.estimatedItems, 0),
        };
      };
      const notice =
        mode === 'disabled'
          ? 'Reddit monitoring is turned off (REDDIT_ENABLED=false)'
          : !isLiveAlert(alert)
            ? 'This alert is paused: it is not monitored until you resume it'
            : siteWideWithoutCredentials
              ? SITE_WIDE_NEEDS_CREDENTIALS
              : null;
      return {
        mode,
        notice,
        listings: listings.map((l) => toListingStatus(l, names, summary(l.id))),
        gaps: gaps.map((g) => ({
          listingId: g.listingId,
          detectedAt: g.detectedAt.toISOString(),
          fromTime: g.fromTime.toISOString(),
          toTime: g.toTime.toISOString(),
          estimatedItems: g.estimatedItems,
          reason: g.reason,
        })),
        backfill: backfill
          ? {
              status: backfill.status,
              stored: backfill.stored,
              overQuota: backfill.overQuota,
              attempts: backfill.attempts,
              lastError: backfill.lastError,
              finishedAt: backfill.finishedAt?.toISOString() ?? null,
            }
          : null,
        scoreCandidates: candidates,
      };
    },
  };
}
