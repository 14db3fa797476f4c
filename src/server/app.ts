import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino, { type Logger } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createPaymentProvider, type PaymentProvider } from './billing/providers';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { createMailer } from './email/mailer';
import type { Mailer } from './email/types';
import { createAlertService } from './alerts/service';
import { alertRoutes } from './alerts/routes';
import { createRequireUser, createSessionCookies } from './accounts/guard';
import { authRoutes } from './accounts/routes';
import { createAuthService } from './accounts/service';
import { diagnosticRoutes } from './diagnostic/routes';
import { createDiagnosticService } from './diagnostic/service';
import { ingestionRoutes } from './ingestion/routes';
import { createIngestionService } from './ingestion/status-service';
import { planRoutes } from './billing/plans/routes';
import { mentionRoutes } from './mentions/routes';
import { createMentionService } from './mentions/service';
import { statsRoutes } from './mentions/stats-routes';
import { createStatsService } from './mentions/stats-service';
import { subscriptionRoutes } from './billing/subscriptions/routes';
import { createSubscriptionService } from './billing/subscriptions/service';
import { digestRoutes, unsubscribeRoutes } from './email/digests/routes';
import { createDigestService } from './email/digests/service';
import { testEmailRoutes } from './email/test-email/routes';
import { createTestEmailService } from './email/test-email/service';
import { installErrorHandler } from './http/error-handler';
import { installSecurity } from './http/security';
import { installWebApp } from './http/static-web';
import { installTransport } from './http/transport';
import {
  feedClientFromConfig,
  redditClientFromConfig,
  redditMode,
} from './ingestion/reddit-clients';
import type { FeedClient, RedditClient } from './reddit';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Stripe or the built-in test mode; made from config when omitted. */
  payments?: PaymentProvider;
  /** Outgoing mail; by default SMTP_URL's server, else the $DATA_DIR/outbox folder. */
  mailer?: Mailer;
  /** For the diagnostic's live API test; by default the configuration's client (or feeds). */
  reddit?: RedditClient;
  feeds?: FeedClient;
  /** Folder of the built SPA (dist/web); omitted in API-only tests. */
  webRoot?: string;
  logger?: FastifyBaseLogger;
}

/** The composition root: every dependency is passed in, so tests inject fakes and a fixed clock. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const db = database.db;
  const mailer = deps.mailer ?? createMailer(config, deps.logger ?? silentMailLog);

  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
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

  const payments = deps.payments ?? createPaymentProvider({ config, db, clock });
  const subscriptions = createSubscriptionService({
    db,
    clock,
    payments,
    config,
    log: app.log,
    proPriceId: config.stripe.proPriceId,
  });
  const auth = createAuthService({
    db,
    clock,
    beforeAccountDeletion: subscriptions.cancelForAccountDeletion,
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

  authRoutes(app, { auth, cookies, requireUser, config, clock });
  planRoutes(app, { db });
  const ingestion = createIngestionService({
    db,
    clock,
    mode: redditMode(config),
    feedSeconds: config.reddit.rssSeconds,
  });
  alertRoutes(app, {
    alerts: createAlertService({ db, clock, pollStates: ingestion.pollStates }),
    requireUser,
  });
  ingestionRoutes(app, { ingestion, requireUser });
  // The web process sends one kind of Reddit request: a user's diagnostic test, which takes
  // the next slot of the budget the workers share.
  const redditLog = deps.logger ?? silentLog;
  const reddit =
    deps.reddit ?? redditClientFromConfig({ config, db, clock, log: redditLog as Logger });
  const feeds = reddit
    ? undefined
    : (deps.feeds ?? feedClientFromConfig({ config, db, clock, log: redditLog as Logger }));
  diagnosticRoutes(app, {
    diagnostic: createDiagnosticService({ db, clock, mode: redditMode(config), reddit, feeds }),
    requireUser,
  });
  statsRoutes(app, { stats: createStatsService({ db, clock }), requireUser });
  mentionRoutes(app, { mentions: createMentionService({ db, clock }), requireUser });
  subscriptionRoutes(app, { subscriptions, requireUser });
  const digests = createDigestService({ db, clock });
  digestRoutes(app, { digests, requireUser });
  await unsubscribeRoutes(app, { digests, appUrl: config.appUrl });
  testEmailRoutes(app, {
    testEmail: createTestEmailService({ mailer, clock, appUrl: config.appUrl }),
    requireUser,
  });

  await installWebApp(app, deps.webRoot);
  return app;
}

const silentMailLog = { info: () => {}, warn: () => {} };
const silentLog = pino({ level: 'silent' });
