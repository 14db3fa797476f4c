import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import {
  authRoutes,
  createAuthService,
  createGuessingLimits,
  createRequireUser,
  createSessionCookies,
} from './accounts';
import { alertRoutes, createAlertService } from './alerts';
import { channelRoutes, createChannelService } from './channels';
import {
  createSubscriptionService,
  createTestCheckoutService,
  planRoutes,
  subscriptionRoutes,
  testCheckoutRoutes,
} from './billing';
import type { OutsideClients } from './clients';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { createDiagnosticService, diagnosticRoutes } from './diagnostic';
import {
  createAccountMail,
  createDigestService,
  createTestEmailService,
  digestRoutes,
  testEmailRoutes,
  unsubscribeRoutes,
} from './email';
import { installErrorHandler } from './http/error-handler';
import { RequestLogController } from './http/request-log';
import { installSecurity } from './http/security';
import { installWebApp } from './http/static-web';
import { installTransport } from './http/transport';
import { createIngestionService, ingestionRoutes, redditMode } from './ingestion';
import { createFeedService, feedRoutes } from './feeds';
import { createExclusionService, exclusionRoutes } from './exclusions';
import { createRelevanceService, relevanceRoutes } from './relevance';
import { createPreviewService, previewRoutes, type RecentItemWindow } from './preview';
import { createMentionService, createStatsService, mentionRoutes, statsRoutes } from './mentions';

export type AppDeps = OutsideClients & {
  config: Config;
  database: Database;
  clock: Clock;
  /** Folder of the built SPA (dist/web); omitted in API-only tests. */
  webRoot?: string;
  /** What this process's worker read lately (ROLE=all), for the volume preview. */
  recentItems?: RecentItemWindow;
  logger?: FastifyBaseLogger;
};

/**
 * The HTTP composition root: every dependency is passed in (main.ts builds the outside clients
 * once; tests pass fakes and a fixed clock), and each area gets its service and routes.
 */
export async function buildApp(deps: AppDeps) {
  const { config, database, clock, payments, mailer } = deps;
  const db = database.db;

  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    logController: new RequestLogController(),
    bodyLimit: 100 * 1024,
    // Let in-flight requests finish on close, but stop idle keep-alive sockets at once.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  installTransport(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await installSecurity(app, config);
  await app.register(fastifyCookie);
  app.decorateRequest('user', null);

  const subscriptions = createSubscriptionService({
    db,
    clock,
    payments,
    config,
    log: app.log,
    proPriceId: config.stripe.proPriceId,
  });
  const limits = createGuessingLimits(config, clock);
  const auth = createAuthService({
    db,
    clock,
    beforeAccountDeletion: subscriptions.cancelForAccountDeletion,
    mail: createAccountMail({ mailer, clock, appUrl: config.appUrl, log: app.log }),
    limits,
    log: app.log,
  });
  const cookies = createSessionCookies(config);
  const requireUser = createRequireUser(auth, cookies);

  app.get('/healthz', () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ message: 'Database is not answering' });
    }
  });

  authRoutes(app, { auth, cookies, requireUser, config, limits });
  planRoutes(app, { db });
  const mode = redditMode(config);
  const ingestion = createIngestionService({
    db,
    clock,
    mode,
    feedSeconds: config.reddit.rssSeconds,
    feedToken: config.reddit.feedToken !== undefined,
  });
  alertRoutes(app, {
    alerts: createAlertService({ db, clock, pollStates: ingestion.pollStates }),
    requireUser,
  });
  ingestionRoutes(app, { ingestion, requireUser });
  exclusionRoutes(app, { exclusions: createExclusionService({ db, clock }), requireUser });
  relevanceRoutes(app, { relevance: createRelevanceService({ db, clock }), requireUser });
  previewRoutes(app, {
    preview: createPreviewService({
      clock,
      window: deps.recentItems,
      reddit: deps.reddit,
      log: app.log,
    }),
    requireUser,
  });
  channelRoutes(app, {
    channels: createChannelService({
      db,
      clock,
      allowPrivate: config.channels.allowPrivate,
      ctx: { appUrl: config.appUrl, telegramApiBase: config.channels.telegramApiBase },
    }),
    requireUser,
  });
  // The web process sends one kind of Reddit request: a user's diagnostic test, which takes
  // the next slot of the budget the workers share.
  const { reddit } = deps;
  const feeds = reddit ? undefined : deps.feeds;
  diagnosticRoutes(app, {
    diagnostic: createDiagnosticService({ db, clock, mode, reddit, feeds }),
    requireUser,
  });
  statsRoutes(app, { stats: createStatsService({ db, clock }), requireUser });
  const mentions = createMentionService({ db, clock });
  mentionRoutes(app, { mentions, requireUser });
  feedRoutes(app, {
    feeds: createFeedService({ db, clock, appUrl: config.appUrl, mentions }),
    requireUser,
  });
  subscriptionRoutes(app, { subscriptions, requireUser });
  const testCheckout = createTestCheckoutService({
    db,
    clock,
    log: app.log,
    enabled: payments.kind === 'test',
    ensureCustomer: subscriptions.ensureCustomer,
  });
  testCheckoutRoutes(app, { testCheckout, requireUser });
  const digests = createDigestService({
    db,
    clock,
    instantMinutes: config.instantEmailMinutes,
  });
  digestRoutes(app, { digests, requireUser });
  await unsubscribeRoutes(app, { digests, appUrl: config.appUrl });
  testEmailRoutes(app, {
    testEmail: createTestEmailService({ mailer, clock, appUrl: config.appUrl }),
    requireUser,
  });

  await installWebApp(app, deps.webRoot);
  return app;
}
