import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startFakeReddit } from '../fakes/reddit';
import { createScratchDatabase, postgresTemplate } from '../helpers/database';
import { HttpClient } from '../helpers/http-client';
import { freePort, migratedDataDir, spawnServer, waitUntilReady } from '../helpers/server-process';

const fake = await startFakeReddit({ rateLimit: { limit: 100_000, windowSeconds: 60 } });
const serverUrl = process.env.TEST_DATABASE_URL;
const scratch = serverUrl
  ? await createScratchDatabase(serverUrl, 'earshot_crash', await postgresTemplate())
  : undefined;
const dataDir = scratch
  ? mkdtempSync(path.join(tmpdir(), 'earshot-crash-'))
  : migratedDataDir('earshot-crash-');
afterAll(async () => {
  await fake.stop();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const port = await freePort();
const url = `http://127.0.0.1:${port}`;

/** The real entry point (web and worker in one process), against the fake Reddit. */
async function startEarshot() {
  const earshot = spawnServer({
    LOG_LEVEL: 'error',
    PORT: String(port),
    APP_URL: url,
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    REDDIT_CLIENT_ID: 'fake-client-id',
    REDDIT_CLIENT_SECRET: 'fake-client-secret',
    REDDIT_API_BASE: fake.url,
    REDDIT_AUTH_BASE: fake.url,
    REDDIT_POLL_SECONDS: '1',
    REDDIT_LEASE_SECONDS: '3',
  });
  await waitUntilReady(earshot, url);
  return earshot;
}

const pollFor = { timeout: 20_000, interval: 200 };
const reads = () => fake.requests.filter((r) => r.path.startsWith('/r/all/new'));

test('a worker killed in the middle of reading a page loses and repeats nothing after a restart', async () => {
  const first = await startEarshot();
  const browser = new HttpClient(url, { origin: url });
  const email = 'crash@example.com';
  expect((await browser.post('/api/register', { email, password: 'secret-pass' })).status).toBe(
    201,
  );
  expect((await browser.post('/api/alerts', { keyword: 'crashword' })).status).toBe(201);
  await expect
    .poll(() => reads().filter((r) => r.status === 200).length, pollFor)
    .toBeGreaterThan(0);

  // The next read of r/all/new hangs; the process dies while waiting for it.
  fake.injectFaults([{ match: '^/r/all/new$', kind: 'timeout', delayMs: 30_000, times: 1 }]);
  const posts = [1, 2, 3].map((n) =>
    fake.addPost({ subreddit: 'crashes', title: `crashword number ${n}` }),
  );
  await expect.poll(() => reads().some((r) => r.status === 0), pollFor).toBe(true);
  first.child.kill('SIGKILL');
  await first.exit;

  const second = await startEarshot();
  await expect
    .poll(async () => (await browser.get('/api/stats')).body?.monthMentions, pollFor)
    .toBe(posts.length);
  // Further reads (and overlap re-reads) add nothing.
  const after = reads().length;
  await expect.poll(() => reads().length, pollFor).toBeGreaterThan(after + 3);
  expect((await browser.get('/api/stats')).body.monthMentions).toBe(posts.length);
  second.child.kill('SIGTERM');
  await second.exit;
}, 240_000);
