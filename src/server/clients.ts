import type { Logger } from 'pino';
import { createPaymentProvider, type PaymentProvider } from './billing';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { createMailer, type Mailer } from './email';
import {
  feedClientFromConfig,
  redditClientFromConfig,
  sourceClientsFromConfig,
  type RedditTuning,
  type SourceClients,
  type SourceTuning,
} from './ingestion';
import { resolveAppSecret } from './lib/app-secret';
import { createSecretBox, type SecretBox } from './lib/secret-box';
import type { FeedClient, RedditClient } from './reddit';

/** Every client of an outside service, built once per process and shared by app and worker. */
export type OutsideClients = {
  /** SMTP_URL's server, else the $DATA_DIR/outbox folder. */
  mailer: Mailer;
  /** Stripe when STRIPE_SECRET_KEY is set, else the built-in test mode. */
  payments: PaymentProvider;
  /** The OAuth client with credentials; none without (or with Reddit turned off). */
  reddit?: RedditClient;
  /** Limited mode's public feeds: only without credentials. */
  feeds?: FeedClient;
  /**
   * The key of secrets at rest: APP_SECRET, else $DATA_DIR/app-secret (generated on the first
   * start). Not an outside service, but like one built once from the configuration and shared.
   */
  secrets: SecretBox;
  /** The sites beyond Reddit that SOURCES names (Hacker News, Lobsters, Bluesky). */
  sources: SourceClients;
};

/**
 * The configuration's outside clients. The Reddit clients pace themselves with the request
 * budget every process shares in the database, so one process holds one of each.
 */
export function createOutsideClients(deps: ClientDeps): OutsideClients {
  const { config, clock, log } = deps;
  const appSecret = resolveAppSecret(config);
  if (appSecret.generated) {
    log.info(
      { file: appSecret.generated },
      'APP_SECRET is not set: generated the key of secrets at rest into this file (keep it with the data)',
    );
  }
  return {
    secrets: createSecretBox(appSecret.key),
    mailer: createMailer(config, log),
    payments: createPaymentProvider({ config, db: deps.database.db, clock }),
    ...createRedditClients(deps),
    sources: sourceClientsFromConfig(config, deps.sourceTuning),
  };
}

type ClientDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  log: Logger;
  /** Tests shorten timeouts and backoffs and widen the fake Reddit's budget. */
  redditTuning?: RedditTuning;
  /** Tests shorten the other sites' time limits and backoffs. */
  sourceTuning?: SourceTuning;
};

/** The OAuth client with credentials, else limited mode's feed client (neither when off). */
export function createRedditClients(deps: ClientDeps): Pick<OutsideClients, 'reddit' | 'feeds'> {
  const { config, clock, log } = deps;
  const db = deps.database.db;
  const reddit = redditClientFromConfig({ config, db, clock, log, tuning: deps.redditTuning });
  return { reddit, feeds: reddit ? undefined : feedClientFromConfig({ config, db, clock, log }) };
}
