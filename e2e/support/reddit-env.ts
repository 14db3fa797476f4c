import type { FakeReddit } from '../../test/fakes/reddit';

/** A server's environment for monitoring the fake Reddit with OAuth credentials it accepts. */
export const fakeRedditEnv = (fake: FakeReddit) => ({
  REDDIT_ENABLED: 'true',
  REDDIT_CLIENT_ID: 'fake-client-id',
  REDDIT_CLIENT_SECRET: 'fake-client-secret',
  REDDIT_API_BASE: fake.url,
  REDDIT_AUTH_BASE: fake.url,
  REDDIT_POLL_SECONDS: '2',
});
