import { urlHost, type Config } from './config';

const DEFAULT_API_BASES = new Set(['https://oauth.reddit.com', 'https://www.reddit.com']);

/**
 * The one human line printed once the server listens (the rest of the output is JSON logs):
 * where to open Earshot, which database it uses and how it reads Reddit. `port` is the port
 * actually bound (PORT=0 picks one).
 */
export function startupLine(config: Config, port: number = config.port) {
  return `${where(config, port)} — ${database(config)}, ${reddit(config)}`;
}

function where(config: Config, port: number) {
  if (!config.runsWeb) return 'Earshot worker is running (ROLE=worker: no web server)';
  const listen = `http://${urlHost(config.host)}:${port}`;
  // APP_URL left to its default names the listen address (with the port actually bound).
  if (config.appUrl === `http://${urlHost(config.host)}:${config.port}`) {
    return `Earshot is running at ${new URL(listen).origin}`;
  }
  return `Earshot is running at ${config.appUrl} (listening on ${config.host}:${port})`;
}

function database(config: Config) {
  if (!config.databaseUrl) return `embedded database in ${config.dataDir}`;
  // Never the credentials: host and database name only.
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.host}${url.pathname}`;
}

function reddit({ reddit }: Config) {
  if (!reddit.enabled) return 'Reddit off (REDDIT_ENABLED=false)';
  const via = DEFAULT_API_BASES.has(reddit.apiBase) ? '' : ` via ${reddit.apiBase}`;
  if (reddit.hasCredentials) {
    return `full Reddit mode${via} (${reddit.username ? 'script app' : 'app-only OAuth'})`;
  }
  return (
    `limited Reddit mode${via}: public feeds for subreddit alerts only; site-wide alerts need ` +
    'REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET (README, "Reddit monitoring")'
  );
}
