import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  createFeedClient,
  createRedditClient,
  createRequestBudget,
  type BudgetOptions,
  type FeedClient,
  type RedditClient,
  type RedditClientOptions,
} from '../reddit';

/** Tests shorten timeouts and backoffs, and widen the budget of the fake Reddit. */
export type RedditTuning = {
  client?: Partial<Omit<RedditClientOptions, 'credentials'>>;
  budget?: Partial<BudgetOptions>;
};
import { BUDGET_ROWS, databaseBudgetStore } from './budget-store';
import { recordClientHealth } from './client-health';

/** How Earshot reaches Reddit with this configuration. */
export type RedditMode = 'oauth' | 'no-credentials' | 'disabled';

export function redditMode(config: Config): RedditMode {
  if (!config.reddit.enabled) return 'disabled';
  return config.reddit.hasCredentials ? 'oauth' : 'no-credentials';
}

/**
 * The OAuth client of the configuration, pacing its requests with the budget shared by every
 * worker in the database and recording its health there; undefined without credentials.
 */
export function redditClientFromConfig(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  log: Logger;
  tuning?: RedditTuning;
}): RedditClient | undefined {
  const { reddit } = deps.config;
  if (redditMode(deps.config) !== 'oauth' || !reddit.clientId || !reddit.clientSecret) {
    return undefined;
  }
  return createRedditClient({
    options: {
      apiBase: reddit.apiBase,
      authBase: reddit.authBase,
      userAgent: reddit.userAgent,
      credentials: {
        clientId: reddit.clientId,
        clientSecret: reddit.clientSecret,
        username: reddit.username,
        password: reddit.password,
      },
      ...deps.tuning?.client,
    },
    budget: createRequestBudget({
      store: databaseBudgetStore(deps.db),
      clock: deps.clock,
      options: deps.tuning?.budget,
    }),
    clock: deps.clock,
    onOutcome: recordClientHealth(deps.db, deps.clock, deps.log),
  });
}

/**
 * Limited mode's feed client: without credentials, Reddit's public Atom feeds, one request per
 * REDDIT_RSS_SECONDS shared by every worker; undefined in any other mode.
 */
export function feedClientFromConfig(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  log: Logger;
}): FeedClient | undefined {
  const { reddit } = deps.config;
  if (redditMode(deps.config) !== 'no-credentials') return undefined;
  return createFeedClient({
    baseUrl: reddit.apiBase,
    userAgent: reddit.userAgent,
    feedToken: reddit.feedToken,
    budget: createRequestBudget({
      store: databaseBudgetStore(deps.db, BUDGET_ROWS.feeds),
      clock: deps.clock,
      options: { limit: 1, windowMs: reddit.rssSeconds * 1000, utilisation: 1 },
    }),
    onOutcome: recordClientHealth(deps.db, deps.clock, deps.log),
  });
}
