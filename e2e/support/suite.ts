import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  openSession,
  sharedBrowser,
  shouldRunBrowserTests,
  type BrowserSession,
  type Reusable,
} from './browser';
import { startServer, type RunningServer } from './server';

type Env = Record<string, string>;

/**
 * Registers the lifecycle every browser suite shares: the built server (or servers) per file,
 * the process's shared Chromium (sharedBrowser), fresh browser contexts per test, and a failed
 * test on any unexpected console error. Call it at the top of the file and skip the suite's
 * `describe` unless `enabled`.
 *
 * `env` is the environment of the suite's server (`suite.server`); `servers` names more servers
 * and their environments (`suite.servers.name`), called after `env` so they may use what it
 * started. The servers and the browser start side by side.
 */
export function useBrowserSuite<Name extends string = never>(
  name: string,
  options: {
    env?: () => Promise<Env> | Env;
    servers?: Record<Name, () => Promise<Env> | Env>;
  } = {},
) {
  const enabled = shouldRunBrowserTests(name);
  let server: RunningServer | undefined;
  const servers = {} as Record<Name, RunningServer>;
  let browser: Browser | undefined;
  let sessions: BrowserSession[] = [];
  // Contexts emptied after a passing test, for the next one: a new page starts a renderer
  // process and loads the app cold, about 1.5 CPU-seconds against 0.6 (decision 039).
  let spares: Reusable[] = [];

  if (enabled) {
    beforeAll(async () => {
      const envs: [string, Env][] = [['', (await options.env?.()) ?? {}]];
      for (const [other, env] of Object.entries<() => Promise<Env> | Env>(options.servers ?? {})) {
        envs.push([other, await env()]);
      }
      // Each one started is kept before the others finish, for afterAll to stop on a failure.
      const starting = envs.map(async ([key, env]) => {
        const started = await startServer(env);
        if (key) servers[key as Name] = started;
        else server = started;
      });
      const launching = sharedBrowser().then((shared) => (browser = shared));
      const results = await Promise.allSettled([...starting, launching]);
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    });

    afterAll(async () => {
      await Promise.all(spares.map((spare) => spare.context.close()));
      spares = [];
      await Promise.all([server, ...Object.values<RunningServer>(servers)].map((s) => s?.stop()));
    });

    afterEach(async (context) => {
      const opened = sessions;
      sessions = [];
      // A failed test leaves its error and a screenshot in test-results/ (CI logs name it) for
      // diagnosis: the log keeps them when a retry passes and the report shows only the pass.
      if (context.task.result?.state === 'fail') {
        for (const error of context.task.result.errors ?? []) {
          console.error(`attempt ${context.task.result.retryCount ?? 0} failed: ${error.message}`);
        }
        for (const [i, session] of opened.entries()) {
          const suffix = i === 0 ? '' : `-${i + 1}`;
          const file = `test-results/${context.task.name.replace(/\W+/g, '-').slice(0, 80)}${suffix}.png`;
          await session.page.screenshot({ path: file, fullPage: true }).catch(() => {});
          console.error(`screenshot of the failed page: ${file}`);
        }
      }
      const errors = opened.flatMap((session) => session.errors);
      // A failed attempt's contexts go: its retry starts from nothing the attempt left.
      const passed = context.task.result?.state !== 'fail' && errors.length === 0;
      const emptied = await Promise.all(
        opened.map((session) => (passed ? session.empty() : session.close())),
      );
      spares.push(...emptied.filter((spare): spare is Reusable => spare !== undefined));
      expect(errors, 'console errors on the page').toEqual([]);
    });
  }

  const required = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`no ${what}: is this inside the suite?`);
    return value;
  };

  return {
    enabled,
    /** The suite's server (`env`). */
    get server() {
      return required(server, 'server');
    },
    /** The other servers, by the names given in `servers`. */
    servers: new Proxy(servers, {
      get: (target, key: string) => required(target[key as Name], `server "${key}"`),
    }),
    /** The current test's latest session, if it opened one. */
    get session(): BrowserSession | undefined {
      return sessions[sessions.length - 1];
    },
    /**
     * A context and page of this test's own (own cookies, nothing a test before left), checked
     * after it; emptied then for the next test's `open`, or closed if the test failed.
     */
    async open(viewport?: { width: number; height: number }) {
      const session = await openSession(required(browser, 'browser'), viewport, spares.pop());
      sessions.push(session);
      return session;
    },
  };
}
