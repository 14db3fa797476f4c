import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { freePort, migratedDataDir, spawnServer, waitUntilReady } from '../helpers/server-process';

/** The built entry point, with only what the test gives it in its environment. */
const runServer = (env: Record<string, string>) =>
  spawnServer({ LOG_LEVEL: 'error', REDDIT_ENABLED: 'false', ...env });

const dataDirs: string[] = [];
const dataDir = (migrated = false) => {
  dataDirs.push(
    migrated ? migratedDataDir('earshot-proc-') : mkdtempSync(path.join(tmpdir(), 'earshot-proc-')),
  );
  return dataDirs[dataDirs.length - 1];
};
afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the server process', { timeout: 120_000 }, () => {
  test('a bad environment value exits 1 with one line naming it', async () => {
    const run = runServer({ PORT: 'abc', DATA_DIR: dataDir() });
    expect(await run.exit).toBe(1);
    expect(run.stderr().trim()).toBe(
      'earshot: Invalid environment variable PORT: must be a number',
    );
  });

  test('an unreachable database exits 1 with a clear error', async () => {
    const port = await freePort();
    const run = runServer({
      DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/earshot`,
      DATA_DIR: dataDir(),
    });
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toMatch(
      /^earshot: cannot use the PostgreSQL server in DATABASE_URL: .*ECONNREFUSED/,
    );
  });

  test('SIGTERM finishes in-flight requests and exits 0; SIGKILL loses no committed data', async () => {
    const port = await freePort();
    const dir = dataDir(true);
    const url = `http://127.0.0.1:${port}`;
    const start = async () => {
      // Info level: the log says when a request has arrived.
      const run = runServer({ PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'info' });
      await waitUntilReady(run, url);
      return run;
    };
    const first = await start();
    // Among the JSON log lines, one line for a person: where to open it, database, Reddit mode.
    await expect
      .poll(() => first.output().split('\n'), { timeout: 10_000 })
      .toContain(
        `Earshot is running at ${url} — embedded database in ${dir}, Reddit off (REDDIT_ENABLED=false)`,
      );
    const register = fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'keep@example.com', password: 'secret1' }),
    });
    // SIGTERM once the server has the request (argon2 is hashing): it must still complete. A
    // fixed few milliseconds are not enough on a loaded machine, where the request may not
    // have arrived yet and is then refused with 503 as the server closes.
    await expect
      .poll(() => first.output(), { timeout: 30_000, interval: 2 })
      .toContain('"url":"/api/register"');
    first.child.kill('SIGTERM');
    expect((await register).status).toBe(201);
    expect(await first.exit).toBe(0);

    const second = await start();
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'keep@example.com', password: 'secret1' }),
    });
    expect(login.status).toBe(200);
    // Killed outright after a committed write: the write survives the crash.
    const alert = await fetch(`${url}/api/user/profile`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        cookie: login.headers.getSetCookie()[0].split(';')[0],
      },
      body: JSON.stringify({ username: 'survivor', email: 'keep@example.com' }),
    });
    expect(alert.status).toBe(200);
    second.child.kill('SIGKILL');
    await second.exit;

    const third = await start();
    const again = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'keep@example.com', password: 'secret1' }),
    });
    expect(((await again.json()) as { username: string }).username).toBe('survivor');
    third.child.kill('SIGTERM');
    expect(await third.exit).toBe(0);
  }, 300_000);
});
