import { OFFLINE_SOURCES_ENV } from '../../test/helpers/offline-sources';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createScratchDatabase } from '../../test/helpers/database';
import {
  freePort,
  migratedDataDir,
  TEST_SERVER_NODE_FLAGS,
  waitUntilReady,
} from '../../test/helpers/server-process';

// Below the hook timeout (vitest.config.ts): a timed-out hook would leave the process running.
const READY_TIMEOUT_MS = 120_000;

/**
 * Starts the built production server (dist/server/main.js) as its own process on a free port,
 * with a fresh data directory, or a fresh database on TEST_DATABASE_URL's server when set. Either
 * database is a copy of the run's migrated template (e2e/support/global-setup.ts), so the server
 * starts without initdb or migrations.
 */
export async function startServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const serverUrl = process.env.TEST_DATABASE_URL;
  const scratch = serverUrl
    ? await createScratchDatabase(serverUrl, 'earshot_e2e', inject('postgresTemplate'))
    : undefined;
  const dataDir = scratch
    ? mkdtempSync(path.join(tmpdir(), 'earshot-e2e-'))
    : migratedDataDir('earshot-e2e-');
  const child = spawn(process.execPath, [...TEST_SERVER_NODE_FLAGS, 'dist/server/main.js'], {
    env: {
      ...OFFLINE_SOURCES_ENV,
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      REDDIT_ENABLED: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Tests share a loaded machine: no request is shed unless a test asks for it.
      SHED_EVENT_LOOP_DELAY_MS: '0',
      SHED_DB_WAIT_MS: '0',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  };

  try {
    await waitUntilReady({ exit: exited, output: () => output }, url, READY_TIMEOUT_MS);
  } catch (error) {
    child.kill('SIGKILL');
    await stop();
    throw error;
  }

  return { url, dataDir, output: () => output, stop };
}

export type RunningServer = Awaited<ReturnType<typeof startServer>>;
