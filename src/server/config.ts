import { z } from 'zod';
import { readSourceName, SOURCE_NAMES, type SourceName } from '@shared/sources';
import pkg from '../../package.json' with { type: 'json' };

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

const url = (protocols: string[]) =>
  z.url({
    protocol: new RegExp(`^(${protocols.join('|')})$`),
    error: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
  });

/** `SOURCES`: comma-separated site names (`hn` for Hacker News), each once, at least one. */
const sourcesList = z.string().transform((value, ctx) => {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const read = new Set<SourceName>();
  for (const name of names) {
    const source = readSourceName(name);
    if (!source) {
      ctx.addIssue({
        code: 'custom',
        message: `"${name}" is not a site: use ${SOURCE_NAMES.join(', ')}`,
      });
      return z.NEVER;
    }
    read.add(source);
  }
  if (read.size === 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must name at least one of ${SOURCE_NAMES.join(', ')}`,
    });
    return z.NEVER;
  }
  return SOURCE_NAMES.filter((name) => read.has(name));
});

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: url(['http', 'https']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  APP_SECRET: z
    .string()
    .min(32, {
      error: 'must be at least 32 characters (e.g. the output of openssl rand -base64 32)',
    })
    .optional(),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  ROLE: z.enum(['web', 'worker', 'all'], { error: 'must be web, worker or all' }).default('all'),
  REDDIT_CLIENT_ID: z.string().min(1).optional(),
  REDDIT_CLIENT_SECRET: z.string().min(1).optional(),
  REDDIT_USERNAME: z.string().min(1).optional(),
  REDDIT_PASSWORD: z.string().min(1).optional(),
  REDDIT_USER_AGENT: z.string().min(1).default(`earshot/${pkg.version} (self-hosted)`),
  REDDIT_API_BASE: url(['http', 'https']).optional(),
  REDDIT_AUTH_BASE: url(['http', 'https']).default('https://www.reddit.com'),
  REDDIT_POLL_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(3600)
    .default(30),
  REDDIT_LEASE_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(2)
    .max(3600)
    .default(60),
  REDDIT_RSS_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(3600)
    .default(60),
  REDDIT_ENABLED: booleanString.default(true),
  // The private feed token and its user from reddit.com/prefs/feeds (limited mode's feeds).
  REDDIT_FEED_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,200}$/, {
      error: 'must be the feed= value from reddit.com/prefs/feeds (letters, digits, - and _)',
    })
    .optional(),
  REDDIT_FEED_USER: z
    .string()
    .regex(/^[A-Za-z0-9_-]{3,20}$/, {
      error: 'must be the user= value from reddit.com/prefs/feeds (a Reddit username)',
    })
    .optional(),
  SOURCES: sourcesList.default([...SOURCE_NAMES]),
  HN_API_BASE: url(['http', 'https']).default('https://hacker-news.firebaseio.com'),
  LOBSTERS_BASE: url(['http', 'https']).default('https://lobste.rs'),
  BLUESKY_JETSTREAM_URL: url(['ws', 'wss']).default(
    'wss://jetstream2.us-east.bsky.network/subscribe',
  ),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Earshot <alerts@localhost>'),
  SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).default('support@earshot.app'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRO_PRICE_ID: z.string().min(1).optional(),
  STRIPE_API_BASE: url(['http', 'https']).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(100_000)
    .default(10),
  API_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(100_000)
    .default(120),
  ALLOW_PRIVATE_WEBHOOKS: booleanString.default(false),
  TELEGRAM_API_BASE: url(['http', 'https']).default('https://api.telegram.org'),
  // Load shedding (decision record 023): 0 turns a check off.
  SHED_EVENT_LOOP_DELAY_MS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0)
    .max(60_000)
    .default(100),
  SHED_DB_WAIT_MS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0)
    .max(60_000)
    .default(250),
  SHED_RETRY_AFTER_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(3600)
    .default(5),
  INSTANT_EMAIL_MINUTES: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(1440)
    .default(5),
});

export type Config = ReturnType<typeof loadConfig>;

/**
 * The host part of the default APP_URL: the address the server listens on, so that the README,
 * the start-up line and every link (checkout return, emails) name one origin and the session
 * cookie, which is per host, is always sent. A wildcard listen address is reached on 127.0.0.1.
 */
export function urlHost(host: string) {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value names its variable in one line. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  // Empty strings (FOO= in .env) mean "unset", as operators expect.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `Invalid environment variable ${String(issue.path[0])}: ${issue.message}`,
    );
  }
  const e = parsed.data;
  if ((e.REDDIT_FEED_TOKEN === undefined) !== (e.REDDIT_FEED_USER === undefined)) {
    const missing = e.REDDIT_FEED_TOKEN === undefined ? 'REDDIT_FEED_TOKEN' : 'REDDIT_FEED_USER';
    throw new ConfigError(
      `Invalid environment variable ${missing}: REDDIT_FEED_TOKEN and REDDIT_FEED_USER go together (both from reddit.com/prefs/feeds), or neither`,
    );
  }
  const hasRedditCredentials = Boolean(e.REDDIT_CLIENT_ID && e.REDDIT_CLIENT_SECRET);
  const appUrl = new URL(e.APP_URL ?? `http://${urlHost(e.HOST)}:${e.PORT}`);
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    appUrl: appUrl.origin,
    /** Help & Support, the legal pages and every mail's footer. */
    supportEmail: e.SUPPORT_EMAIL,
    secureCookies: appUrl.protocol === 'https:',
    dataDir: e.DATA_DIR,
    /** The key of secrets at rest; unset: $DATA_DIR/app-secret (lib/app-secret.ts). */
    appSecret: e.APP_SECRET,
    databaseUrl: e.DATABASE_URL,
    role: e.ROLE,
    runsWeb: e.ROLE !== 'worker',
    runsWorker: e.ROLE !== 'web',
    reddit: Object.freeze({
      enabled: e.REDDIT_ENABLED,
      clientId: e.REDDIT_CLIENT_ID,
      clientSecret: e.REDDIT_CLIENT_SECRET,
      username: e.REDDIT_USERNAME,
      password: e.REDDIT_PASSWORD,
      hasCredentials: hasRedditCredentials,
      userAgent: e.REDDIT_USER_AGENT,
      apiBase:
        e.REDDIT_API_BASE ??
        (hasRedditCredentials ? 'https://oauth.reddit.com' : 'https://www.reddit.com'),
      authBase: e.REDDIT_AUTH_BASE,
      pollSeconds: e.REDDIT_POLL_SECONDS,
      leaseSeconds: e.REDDIT_LEASE_SECONDS,
      rssSeconds: e.REDDIT_RSS_SECONDS,
      /** Limited mode's private feed token: sent on every feed request, never logged. */
      feedToken:
        e.REDDIT_FEED_TOKEN && e.REDDIT_FEED_USER
          ? Object.freeze({ token: e.REDDIT_FEED_TOKEN, user: e.REDDIT_FEED_USER })
          : undefined,
    }),
    /**
     * The sites this server reads and shows (DESIGN.md §6). The others than Reddit need no
     * account: a fresh start hears them site-wide. (REDDIT_ENABLED=false keeps Reddit shown,
     * switched off, as before.)
     */
    sources: Object.freeze(e.SOURCES) as readonly SourceName[],
    hackerNews: Object.freeze({ apiBase: e.HN_API_BASE }),
    lobsters: Object.freeze({ base: e.LOBSTERS_BASE }),
    bluesky: Object.freeze({ jetstreamUrl: e.BLUESKY_JETSTREAM_URL }),
    mail: Object.freeze({
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      smtpConfigured: Boolean(e.SMTP_URL),
    }),
    stripe: Object.freeze({
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      proPriceId: e.STRIPE_PRO_PRICE_ID,
      apiBase: e.STRIPE_API_BASE,
      configured: Boolean(e.STRIPE_SECRET_KEY),
    }),
    channels: Object.freeze({
      /** Plain http and private, loopback or link-local targets let through (tests, LANs). */
      allowPrivate: e.ALLOW_PRIVATE_WEBHOOKS,
      telegramApiBase: e.TELEGRAM_API_BASE.replace(/\/+$/, ''),
    }),
    instantEmailMinutes: e.INSTANT_EMAIL_MINUTES,
    /** When the web side answers 503 so that ingestion keeps its share of the machine. */
    shedding: Object.freeze({
      maxEventLoopDelayMs: e.SHED_EVENT_LOOP_DELAY_MS,
      maxDbWaitMs: e.SHED_DB_WAIT_MS,
      retryAfterSeconds: e.SHED_RETRY_AFTER_SECONDS,
    }),
    logLevel: e.LOG_LEVEL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    /** Requests a minute one public API key may make (DESIGN §7), counted in the database. */
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
  });
}
