import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

describe('loadConfig', () => {
  test('defaults follow the README configuration table', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://127.0.0.1:3000',
      secureCookies: false,
      dataDir: './data',
      databaseUrl: undefined,
      role: 'all',
      runsWeb: true,
      runsWorker: true,
      logLevel: 'info',
      authRateLimitPerMinute: 10,
      supportEmail: 'support@earshot.app',
    });
    expect(config.reddit).toMatchObject({
      enabled: true,
      hasCredentials: false,
      apiBase: 'https://www.reddit.com',
      authBase: 'https://www.reddit.com',
      pollSeconds: 30,
    });
    expect(config.reddit.userAgent).toMatch(/^earshot\/\d+\.\d+\.\d+ \(self-hosted\)$/);
    expect(config.mail).toMatchObject({
      from: 'Earshot <alerts@localhost>',
      smtpConfigured: false,
    });
    expect(config.stripe.configured).toBe(false);
    expect(Object.isFrozen(config)).toBe(true);
  });

  test('derived values: OAuth base with credentials, https APP_URL makes cookies Secure, roles', () => {
    const config = loadConfig({
      REDDIT_CLIENT_ID: 'id',
      REDDIT_CLIENT_SECRET: 'secret',
      APP_URL: 'https://earshot.example.com/',
      ROLE: 'worker',
      PORT: '8080',
      REDDIT_ENABLED: 'false',
    });
    expect(config.reddit.apiBase).toBe('https://oauth.reddit.com');
    expect(config.appUrl).toBe('https://earshot.example.com');
    expect(config.secureCookies).toBe(true);
    expect(config.runsWeb).toBe(false);
    expect(config.port).toBe(8080);
    expect(config.reddit.enabled).toBe(false);
  });

  test.each([
    [{}, 'http://127.0.0.1:3000'],
    [{ PORT: '8080' }, 'http://127.0.0.1:8080'],
    [{ HOST: '0.0.0.0' }, 'http://127.0.0.1:3000'],
    [{ HOST: '::' }, 'http://127.0.0.1:3000'],
    [{ HOST: '::1' }, 'http://[::1]:3000'],
    [{ HOST: 'earshot.lan', PORT: '80' }, 'http://earshot.lan'],
    [{ HOST: '0.0.0.0', APP_URL: 'https://earshot.example.com' }, 'https://earshot.example.com'],
  ])('with %o APP_URL defaults to the listen address, %s', (env, appUrl) => {
    expect(loadConfig(env).appUrl).toBe(appUrl);
  });

  test('SUPPORT_EMAIL names the support address', () => {
    expect(loadConfig({ SUPPORT_EMAIL: 'help@example.org' }).supportEmail).toBe('help@example.org');
  });

  test('empty values count as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  test.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['APP_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://x'],
    ['ROLE', 'admin'],
    ['REDDIT_ENABLED', 'maybe'],
    ['SMTP_URL', 'http://mail'],
    ['LOG_LEVEL', 'loud'],
    ['AUTH_RATE_LIMIT_PER_MINUTE', '0'],
    ['APP_SECRET', 'too short'],
    ['SUPPORT_EMAIL', 'help desk'],
    ['SOURCES', 'reddit,myspace'],
    ['SOURCES', ','],
    ['HN_API_BASE', 'ftp://x'],
    ['BLUESKY_JETSTREAM_URL', 'https://jetstream.example/subscribe'],
  ])('a bad %s stops start-up with one line naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid environment variable ${name}: `),
    );
  });

  test('SOURCES: all four sites by default, keyless; named ones (hn is Hacker News) in order', () => {
    const defaults = loadConfig({});
    expect(defaults.sources).toEqual(['reddit', 'hackernews', 'lobsters', 'bluesky']);
    expect(defaults.hackerNews.apiBase).toBe('https://hacker-news.firebaseio.com');
    expect(defaults.lobsters.base).toBe('https://lobste.rs');
    expect(defaults.bluesky.jetstreamUrl).toBe('wss://jetstream2.us-east.bsky.network/subscribe');
    expect(loadConfig({ SOURCES: ' Bluesky, hn ,hn' }).sources).toEqual(['hackernews', 'bluesky']);
    expect(() => loadConfig({ SOURCES: 'reddit,myspace' })).toThrow(/"myspace" is not a site/);
  });

  describe('the private feed token (REDDIT_FEED_TOKEN, REDDIT_FEED_USER)', () => {
    test.each<[string, Record<string, string>, { token: string; user: string } | undefined]>([
      ['neither: the anonymous feeds', {}, undefined],
      ['empty values count as unset', { REDDIT_FEED_TOKEN: '', REDDIT_FEED_USER: '' }, undefined],
      [
        'both',
        { REDDIT_FEED_TOKEN: '0a1b2c3d4e5f60718293a4b5c6d7e8f9', REDDIT_FEED_USER: 'some_user' },
        { token: '0a1b2c3d4e5f60718293a4b5c6d7e8f9', user: 'some_user' },
      ],
    ])('%s', (_, env, expected) => {
      const { reddit } = loadConfig(env);
      expect(reddit.feedToken).toEqual(expected);
      expect(reddit.feedToken !== undefined).toBe(expected !== undefined);
    });

    test.each<[string, Record<string, string>, RegExp]>([
      [
        'a token without its user',
        { REDDIT_FEED_TOKEN: '0a1b2c3d4e5f6071' },
        /^Invalid environment variable REDDIT_FEED_USER: .*go together/,
      ],
      [
        'a user without the token',
        { REDDIT_FEED_USER: 'some_user' },
        /^Invalid environment variable REDDIT_FEED_TOKEN: .*go together/,
      ],
      [
        'a token pasted with its query',
        { REDDIT_FEED_TOKEN: 'feed=0a1b2c3d&user=x', REDDIT_FEED_USER: 'some_user' },
        /^Invalid environment variable REDDIT_FEED_TOKEN: must be the feed= value/,
      ],
      [
        'a user that is not a Reddit username',
        { REDDIT_FEED_TOKEN: '0a1b2c3d4e5f6071', REDDIT_FEED_USER: 'u/some user' },
        /^Invalid environment variable REDDIT_FEED_USER: must be the user= value/,
      ],
    ])('%s stops start-up naming the variable', (_, env, message) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    });
  });
});
