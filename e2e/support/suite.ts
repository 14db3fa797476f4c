import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, openSession, shouldRunBrowserTests, type BrowserSession } from './browser';
import { startServer, type RunningServer } from './server';

/**
 * Registers the lifecycle every browser suite shares: one built server and one Chromium per
 * file, a fresh browser context per test, and a failed test on any unexpected console error.
 * Call it at the top of the file and skip the suite's `describe` unless `enabled`.
 */
export function useBrowserSuite(
  name: string,
  options: { env?: () => Promise<Record<string, string>> } = {},
) {
  const enabled = shouldRunBrowserTests(name);
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let session: BrowserSession | undefined;

  if (enabled) {
    beforeAll(async () => {
      server = await startServer(await options.env?.());
      browser = await launchBrowser();
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    afterEach(async (context) => {
      // A failed test leaves a screenshot in test-results/ (CI logs name it) for diagnosis.
      if (context.task.result?.state === 'fail' && session) {
        const file = `test-results/${context.task.name.replace(/\W+/g, '-').slice(0, 80)}.png`;
        await session.page.screenshot({ path: file, fullPage: true }).catch(() => {});
        console.error(`screenshot of the failed page: ${file}`);
      }
      const errors = session?.errors ?? [];
      await session?.close();
      session = undefined;
      expect(errors, 'console errors on the page').toEqual([]);
    });
  }

  const required = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`no ${what}: is this inside the suite?`);
    return value;
  };

  return {
    enabled,
    get server() {
      return required(server, 'server');
    },
    /** The current test's session, if it opened one. */
    get session() {
      return session;
    },
    /** A new context and page for this test (own cookies), closed after it. */
    async open(viewport?: { width: number; height: number }) {
      session = await openSession(required(browser, 'browser'), viewport);
      return session;
    },
  };
}
