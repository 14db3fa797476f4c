import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/** Runs the real entry point (src/server/main.ts under tsx), as `npm start` would after a build. */
function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'error', REDDIT_ENABLED: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exit, stderr: () => stderr };
}

async function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'earshot-proc-'));

describe('the server process', () => {
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
    const dir = dataDir();
    const url = `http://127.0.0.1:${port}`;
    const start = async () => {
      const run = runServer({ PORT: String(port), DATA_DIR: dir });
      for (let i = 0; i < 200; i++) {
        try {
          if ((await fetch(`${url}/healthz`)).ok) return run;
        } catch {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      throw new Error(`server did not start: ${run.stderr()}`);
    };
    const first = await start();
    const register = fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'keep@example.com', password: 'secret1' }),
    });
    // Sent while argon2 is hashing: the request must still complete.
    await new Promise((r) => setTimeout(r, 5));
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
  }, 90_000);
});
