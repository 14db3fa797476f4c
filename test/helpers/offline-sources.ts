/**
 * The environment every test server starts with unless the test says otherwise: Reddit only,
 * and the other sites' addresses on a closed loopback port, so that no test ever reaches the
 * real Hacker News, Lobsters or Bluesky. A test of a source names it and its fake.
 */
export const OFFLINE_SOURCES_ENV = {
  SOURCES: 'reddit',
  HN_API_BASE: 'http://127.0.0.1:9',
  LOBSTERS_BASE: 'http://127.0.0.1:9',
  BLUESKY_JETSTREAM_URL: 'ws://127.0.0.1:9/subscribe',
} as const;
