import { OFFLINE_SOURCES_ENV } from './offline-sources';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject, onTestFinished } from 'vitest';

/**
 * A new DATA_DIR holding a copy of the run's migrated embedded database (test/helpers/
 * templates.ts): a server process started on it skips initdb and the migrations, seconds of CPU
 * each on a loaded machine. Tests of a first start from an empty DATA_DIR make their own.
 */
export function migratedDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const folder = inject('pgliteTemplateFolder');
  if (!folder) throw new Error('no migrated PGlite folder: is the global setup in place?');
  cpSync(folder, path.join(dir, 'db'), { recursive: true });
  return dir;
}

/**
 * A port nobody listens on right now, for a server started next. Not the OS's pick: that comes
 * from the ephemeral range, where every outgoing connection of the parallel test files also takes
 * its local port, and one of them took a picked port before the server listened on it
 * (EADDRINUSE in CI). Ports below Linux's ephemeral range (32768) are only ever taken by a listen.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
}

function canListen(port: number) {
  return new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Node's flags for a server process a test starts: WebAssembly (the embedded PGlite) on V8's
 * baseline compiler only. A test's server lives seconds, not the weeks its optimizing tier pays
 * back over; it spent more CPU compiling PGlite's hot functions again than running them
 * (docs/decisions/036-test-processes-baseline-wasm.md). Production starts without it.
 */
export const TEST_SERVER_NODE_FLAGS = ['--liftoff-only'];

export interface ServerProcess {
  child: ChildProcess;
  /** The exit code (null when a signal ended it). */
  exit: Promise<number | null>;
  stderr: () => string;
  /** stdout and stderr as they came, for failure messages. */
  output: () => string;
}

/**
 * Runs the built entry point (dist/server/main.js, which the test run's global setup builds when
 * stale), as `npm start` does, with only `env` (and PATH) in its environment: the production
 * bundle starts in a fraction of the time tsx takes to compile the sources for each process. Call
 * it inside a test: the process is killed when the test ends, passed or failed, so that a failure
 * leaves nothing running.
 */
export function spawnServer(
  env: Record<string, string>,
  options: { umask?: string } = {},
): ServerProcess {
  // A umask is set by the shell that then becomes the server (the test process keeps its own).
  const [command, args] = options.umask
    ? [
        '/bin/sh',
        [
          '-c',
          `umask ${options.umask} && exec "$0" ${TEST_SERVER_NODE_FLAGS.join(' ')} dist/server/main.js`,
          process.execPath,
        ],
      ]
    : [process.execPath, [...TEST_SERVER_NODE_FLAGS, 'dist/server/main.js']];
  const child = spawn(command, args, {
    // A loaded test machine must not shed a test's requests: tests ask for shedding themselves.
    env: {
      PATH: process.env.PATH,
      ...OFFLINE_SOURCES_ENV,
      SHED_EVENT_LOOP_DELAY_MS: '0',
      SHED_DB_WAIT_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
    output += chunk;
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  onTestFinished(async ({ task }) => {
    // A timed-out test says nothing of the server: its output does.
    if (task.result?.state === 'fail') console.log(`output of the server process:\n${output}`);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exit;
    }
  });
  return { child, exit, stderr: () => stderr, output: () => output };
}

/**
 * Waits until `url`/readyz answers 200 (the server listens and its database answers). Fails at
 * once, with the process's output, when it exits first. The default budget is the test's own
 * timeout: a loaded machine may take half a minute to start a server. A hook, whose timeout
 * does not stop what it awaits, passes a `timeoutMs` below it.
 */
export async function waitUntilReady(
  server: Pick<ServerProcess, 'exit' | 'output'>,
  url: string,
  timeoutMs = Infinity,
) {
  const exited = server.exit.then((code) => {
    throw new Error(`the server exited (${code}) before it was ready:\n${server.output()}`);
  });
  exited.catch(() => {}); // read below; unhandled when the server becomes ready first
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (Date.now() > deadline) {
      throw new Error(`the server was not ready after ${timeoutMs} ms:\n${server.output()}`);
    }
    const ready = fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) }).then(
      (res) => res.ok,
      () => false, // not listening yet, or not answering
    );
    if (await Promise.race([ready, exited])) return;
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 100)), exited]);
  }
}
