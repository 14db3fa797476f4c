import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../../test/helpers/database';

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the built production server (dist/server/main.js) as its own process on a free port,
 * with a fresh data directory, or a fresh database on TEST_DATABASE_URL's server when set.
 */
export async function startServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'earshot-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const serverUrl = process.env.TEST_DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'earshot_e2e') : undefined;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      REDDIT_ENABLED: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
}

export type RunningServer = Awaited<ReturnType<typeof startServer>>;
