import type { FastifyBaseLogger } from 'fastify';
import type { OutsideClients } from './clients';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { createAlertService } from './alerts';
import { createAnalyticsService } from './analytics';
import { createAssignmentNotice, createDigestService, createWeeklyReportService } from './email';
import { createFeedService } from './feeds';
import type { RateLimiterFactory } from './http/rate-limiter';
import { createIngestionService, redditMode } from './ingestion';
import { createMentionService, createStatsService } from './mentions';
import { createPreviewService, type RecentItemWindow } from './preview';
import { createRelevanceService } from './relevance';

/**
 * The services more than one group of routes calls (the web app's, the public API's, the
 * unsubscribe links'), built once per app so that no rule exists twice. Each area's other
 * services are built where its routes are registered (app.ts).
 */
export function buildSharedServices(
  deps: Pick<OutsideClients, 'mailer' | 'secrets' | 'reddit'> & {
    config: Config;
    database: Database;
    clock: Clock;
    recentItems?: RecentItemWindow;
  },
  shared: { log: FastifyBaseLogger; rateLimiter: RateLimiterFactory },
) {
  const { config, database, clock, mailer } = deps;
  const { log, rateLimiter } = shared;
  const db = database.db;
  const mode = redditMode(config);
  const ingestion = createIngestionService({
    db,
    clock,
    mode,
    feedSeconds: config.reddit.rssSeconds,
    feedToken: config.reddit.feedToken !== undefined,
    sources: config.sources,
  });
  const mentions = createMentionService({
    db,
    clock,
    log,
    tellAssignee: createAssignmentNotice({
      db,
      mailer,
      clock,
      appUrl: config.appUrl,
      supportEmail: config.supportEmail,
      log,
    }),
  });
  const feeds = createFeedService({
    db,
    clock,
    appUrl: config.appUrl,
    mentions,
    secrets: deps.secrets,
  });
  const alerts = createAlertService({
    db,
    clock,
    sources: config.sources,
    pollStates: ingestion.pollStates,
  });
  const relevance = createRelevanceService({ db, clock });
  const stats = createStatsService({ db, clock });
  const analytics = createAnalyticsService({ db, clock, log });
  const preview = createPreviewService({
    clock,
    window: deps.recentItems,
    reddit: deps.reddit,
    log,
    rateLimiter,
  });
  const digests = createDigestService({
    db,
    clock,
    instantMinutes: config.instantEmailMinutes,
  });
  const weeklyReports = createWeeklyReportService({ db, clock, digests });
  return {
    mode,
    ingestion,
    mentions,
    feeds,
    alerts,
    relevance,
    stats,
    analytics,
    preview,
    digests,
    weeklyReports,
  };
}
