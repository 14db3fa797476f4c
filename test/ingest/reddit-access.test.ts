import { createServer } from 'node:net';
import { describe, expect, test } from 'vitest';
import { buildIngestion, within } from '../helpers/ingestion';

const wrongSecret = await buildIngestion({ env: { REDDIT_CLIENT_SECRET: 'not-the-secret' } });
const badPassword = await buildIngestion({
  env: { REDDIT_USERNAME: 'fake-user', REDDIT_PASSWORD: 'wrong-password' },
});

const closedPort = await new Promise<number>((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const address = server.address();
    server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
  });
});
const unreachable = await buildIngestion({
  env: {
    REDDIT_API_BASE: `http://127.0.0.1:${closedPort}`,
    REDDIT_AUTH_BASE: `http://127.0.0.1:${closedPort}`,
  },
});

async function statusAfterFirstFailure(t: typeof wrongSecret) {
  const { client } = await t.signedIn();
  await client.post('/api/alerts', { keyword: 'anything' });
  await t.startWorker();
  await expect
    .poll(async () => (await client.get('/api/ingestion/status')).body.client.lastError, within)
    .not.toBeNull();
  return { client, status: (await client.get('/api/ingestion/status')).body };
}

describe('Reddit access problems are shown, not hidden', () => {
  test('refused app credentials: "Reddit answered 401: check REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET"', async () => {
    const { client, status } = await statusAfterFirstFailure(wrongSecret);
    expect(status.client).toMatchObject({
      lastError: 'Reddit answered 401: check REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET',
      lastErrorKind: 'auth',
    });
    const [alert] = (await client.get('/api/alerts')).body;
    expect(alert.lastError).toBe(
      'Reddit answered 401: check REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET',
    );
    expect((await client.get(`/api/alerts/error-info/${alert.id}`)).body.status).toBe('error');
  });

  test('a refused script-app login names the variables to check', async () => {
    const { status } = await statusAfterFirstFailure(badPassword);
    expect(status.client.lastError).toMatch(/invalid_grant.*REDDIT_USERNAME and REDDIT_PASSWORD/);
    // The password grant was asked for, with the app's Basic credentials.
    const token = badPassword.fake.requests.find((r) => r.path === '/api/v1/access_token');
    expect(token?.headers.authorization).toMatch(/^Basic /);
  });

  test('Reddit unreachable at start: the app serves and the status says since when', async () => {
    const { client, status } = await statusAfterFirstFailure(unreachable);
    expect(status.client.lastErrorKind).toBe('unreachable');
    expect(status.client.lastError).toMatch(/Reddit unreachable/);
    expect(Date.parse(status.client.errorSince)).toBeLessThanOrEqual(Date.now());
    expect((await client.get('/api/stats')).status).toBe(200);
    expect((await unreachable.client().get('/readyz')).status).toBe(200);
  });
});
