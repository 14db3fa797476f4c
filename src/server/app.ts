import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { siteInfoSchema } from '@shared/api/site';
import {
  accountRoutes,
  createAuthService,
  createGuessingLimits,
  createIdentityService,
  createRequireUser,
  createSessionCookies,
  publicAccountRoutes,
  sessionIdOf,
} from './accounts';
import pkg from '../../package.json' with { type: 'json' };
import { alertRoutes } from './alerts';
import { apiKeyRoutes, createApiKeyService, createRequireApiKey } from './api-keys';
import { channelRoutes, createChannelService } from './channels';
import {
  createSubscriptionService,
  createTestCheckoutService,
  planRoutes,
  stripeWebhookRoutes,
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
  createTestEmailService,
  digestRoutes,
  testEmailRoutes,
  unsubscribeRoutes,
  weeklyReportRoutes,
} from './email';
import { installErrorHandler } from './http/error-handler';
import { installLoadShedding } from './http/load-shedding';
import { registerPrivateRoutes } from './http/private-scope';
import { analyticsRoutes } from './analytics';
import { buildSharedServices } from './app-services';
import { databaseRateLimitStore, rateLimiterFactory } from './http/rate-limiter';
import { RequestLogController } from './http/request-log';
import { installSecurity } from './http/security';
import { installWebApp } from './http/static-web';
import { installTransport } from './http/transport';
import { ingestionRoutes, isListingBehind, redditMode } from './ingestion';
import { liveRoutes, type LiveEventBus } from './live';
import { feedRoutes, publicFeedRoutes } from './feeds';
import { createWorkspaceService, workspaceRoutes } from './workspaces';
import { createExclusionService, exclusionRoutes } from './exclusions';
import { relevanceRoutes } from './relevance';
import { previewRoutes, type RecentItemWindow } from './preview';
import { mentionRoutes, statsRoutes } from './mentions';
import { installApiReference, mcpRoutes, publicApiRoutes } from './public-api';

export type AppDeps = OutsideClients & {
  config: Config;
  database: Database;
  clock: Clock;
  /** Folder of the built SPA (dist/web); omitted in API-only tests. */
  webRoot?: string;
  /** The open tabs' event streams, fed by every process's NOTIFY (main.ts starts it). */
  live: LiveEventBus;
  /** How often an open event stream gets a heartbeat and its session is checked (tests). */
  liveHeartbeatMs?: number;
  /** What this process's worker read lately (ROLE=all), for the volume preview. */
  recentItems?: RecentItemWindow;
  logger?: FastifyBaseLogger;
};

/** A listing's read overdue by this much sheds API load (decision record 023). */
const LISTING_OVERDUE_MS = 5_000;

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
  await installLoadShedding(app, {
    config,
    ping: database.ping,
    // With OAuth a listing's read is overdue by seconds only when the machine is short: then
    // the API steps aside, well before the listing nears Reddit's 1,000-item window (16 s at
    // r/all's 60 posts a second). Limited mode's feeds wait their turn by design.
    ingestionBehind:
      redditMode(config) === 'oauth'
        ? () => isListingBehind(db, clock.now(), LISTING_OVERDUE_MS)
        : undefined,
  });
  await installSecurity(app, config);
  await app.register(fastifyCookie);
  app.decorateRequest('user', null);
  app.decorateRequest('workspace', null);
  app.decorateRequest('apiKey', null);
  // Before any route: the OpenAPI document is collected as the /api/v1 routes are added.
  await installApiReference(app, {
    appUrl: config.appUrl,
    supportEmail: config.supportEmail,
    version: pkg.version,
  });

  const subscriptions = createSubscriptionService({
    db,
    clock,
    payments,
    config,
    log: app.log,
    proPriceId: config.stripe.proPriceId,
  });
  // Every rate limit counts in the database: web processes behind one balancer count together.
  const rateLimiter = rateLimiterFactory({ clock, store: databaseRateLimitStore(db) });
  const limits = createGuessingLimits(config, rateLimiter);
  const accountMail = createAccountMail({
    mailer,
    clock,
    appUrl: config.appUrl,
    supportEmail: config.supportEmail,
    log: app.log,
  });
  const auth = createAuthService({
    db,
    clock,
    beforeAccountDeletion: subscriptions.cancelForAccountDeletion,
    mail: accountMail,
    limits,
    log: app.log,
  });
  const cookies = createSessionCookies(config);
  const {
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
  } = buildSharedServices(deps, { log: app.log, rateLimiter });
  app.addHook('onClose', () => analytics.settled());

  // Public: what a stranger may ask, or what carries its own credential (a link's token, a
  // feed's token, Stripe's signature). Nothing else belongs here.
  app.get('/healthz', () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ message: 'Database is not answering' });
    }
  });
  // The web app's settings of this server: the legal pages read them before anyone signs in.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/site', { schema: { response: { 200: siteInfoSchema } } }, () => ({
      supportEmail: config.supportEmail,
      sources: [...config.sources],
    }));
  publicAccountRoutes(app, { auth, cookies, config, limits });
  planRoutes(app, { db });
  publicFeedRoutes(app, { feeds });
  stripeWebhookRoutes(app, { subscriptions });
  await unsubscribeRoutes(app, { digests, weeklyReports, appUrl: config.appUrl });

  // Private: every route registered in here answers 401 without a session.
  const workspaces = createWorkspaceService({ db, clock, mail: accountMail, rateLimiter });
  const requireUser = createRequireUser(auth, cookies, workspaces.resolve);
  const apiKeys = createApiKeyService({ db, clock });
  await registerPrivateRoutes(app, requireUser, (scope) => {
    accountRoutes(scope, {
      auth,
      cookies,
      identities: createIdentityService({ db, clock }),
    });
    apiKeyRoutes(scope, { apiKeys });
    workspaceRoutes(scope, {
      workspaces,
      sessionId: (request) => sessionIdOf(cookies.read(request) ?? ''),
    });
    liveRoutes(scope, {
      bus: deps.live,
      heartbeatMs: deps.liveHeartbeatMs,
      sessionAlive: async (request, workspaceId) => {
        const token = cookies.read(request);
        const session = token === undefined ? undefined : await auth.resolveSession(token);
        if (!session) return false;
        const current = await workspaces.resolve(session.user, session.workspaceId);
        return current?.id === workspaceId;
      },
    });
    alertRoutes(scope, { alerts });
    ingestionRoutes(scope, { ingestion });
    exclusionRoutes(scope, { exclusions: createExclusionService({ db, clock }) });
    relevanceRoutes(scope, { relevance });
    previewRoutes(scope, { preview });
    channelRoutes(scope, {
      channels: createChannelService({
        db,
        clock,
        allowPrivate: config.channels.allowPrivate,
        ctx: { appUrl: config.appUrl, telegramApiBase: config.channels.telegramApiBase },
        secrets: deps.secrets,
        rateLimiter,
      }),
    });
    // The web process sends one kind of Reddit request: a user's diagnostic test, which takes
    // the next slot of the budget the workers share.
    const { reddit } = deps;
    diagnosticRoutes(scope, {
      diagnostic: createDiagnosticService({
        db,
        clock,
        mode,
        reddit,
        feeds: reddit ? undefined : deps.feeds,
        rateLimiter,
      }),
    });
    statsRoutes(scope, { stats });
    analyticsRoutes(scope, { analytics });
    mentionRoutes(scope, { mentions });
    feedRoutes(scope, { feeds });
    subscriptionRoutes(scope, { subscriptions });
    const testCheckout = createTestCheckoutService({
      db,
      clock,
      log: app.log,
      enabled: payments.kind === 'test',
      ensureCustomer: subscriptions.ensureCustomer,
    });
    testCheckoutRoutes(scope, { testCheckout });
    digestRoutes(scope, { digests });
    weeklyReportRoutes(scope, { weeklyReports });
    testEmailRoutes(scope, {
      testEmail: createTestEmailService({
        mailer,
        clock,
        appUrl: config.appUrl,
        supportEmail: config.supportEmail,
        rateLimiter,
      }),
    });
  });

  // The public API and the MCP server: every route in here answers 401 without an API key.
  const requireApiKey = createRequireApiKey({
    apiKeys,
    rateLimiter,
    requestsPerMinute: config.apiRateLimitPerMinute,
  });
  await registerPrivateRoutes(app, requireApiKey, (scope) => {
    const services = { alerts, mentions, relevance, stats, preview };
    publicApiRoutes(scope, { ...services, appUrl: config.appUrl });
    mcpRoutes(scope, { ...services, clock, version: pkg.version });
  });

  await installWebApp(app, deps.webRoot);
  return app;
}
