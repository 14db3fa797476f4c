import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from 'playwright-core';

/** The system Chromium the browser tests drive (DESIGN.md §1). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const e2eRequired = () => process.env.E2E_REQUIRED === '1';

/**
 * Whether a browser suite runs. Without Chromium it is skipped, loudly, unless E2E_REQUIRED=1:
 * then it runs and fails in `launchBrowser`, so CI can never pass without browser coverage.
 */
export function shouldRunBrowserTests(suite: string): boolean {
  if (existsSync(CHROMIUM_PATH) || e2eRequired()) return true;
  console.warn(
    [
      '',
      '!'.repeat(78),
      `!! SKIPPED browser tests "${suite}": no Chromium at ${CHROMIUM_PATH}.`,
      '!! Install it (apt-get install chromium) or set CHROMIUM_PATH; E2E_REQUIRED=1 makes this fail.',
      '!'.repeat(78),
      '',
    ].join('\n'),
  );
  return false;
}

let launched: Promise<Browser> | undefined;

/**
 * The test process's Chromium, launched by the first browser file it runs and kept for the next
 * ones (the e2e project does not isolate files), as Playwright's own runner keeps one browser per
 * worker: a launch costs about a CPU-second. Every test still gets a fresh context (own cookies,
 * storage and cache). Playwright kills the browser when the process exits; a crashed or failed
 * launch is launched again by the next caller.
 */
export function sharedBrowser(): Promise<Browser> {
  launched ??= launchBrowser().then(
    (browser) => {
      browser.on('disconnected', () => (launched = undefined));
      return browser;
    },
    (error: unknown) => {
      launched = undefined;
      throw error;
    },
  );
  return launched;
}

async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `E2E_REQUIRED=1 but no Chromium at ${CHROMIUM_PATH}; install it or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** A console error the app causes by design, matched on its text and the URL it names. */
export interface ExpectedError {
  text: RegExp;
  url?: RegExp;
}

// Signed out, GET /api/user answers 401 by contract (spec §7) and Chromium logs every failed
// request as a console error.
const ALWAYS_EXPECTED: ExpectedError[] = [{ text: /status of 401/, url: /\/api\/user$/ }];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Unexpected console errors and uncaught exceptions seen so far. */
  errors: string[];
  /** Tolerates one more kind of console error in this session (e.g. a 401 from a bad login). */
  expectError: (error: ExpectedError) => void;
  close: () => Promise<void>;
  /**
   * Empties the context for the next test (no cookies, storage, routes, permissions or
   * listeners; the page on about:blank) and hands it back, or closes it and answers undefined
   * when it cannot be emptied for sure (another page open, the page closed).
   */
  empty: () => Promise<Reusable | undefined>;
}

/** Playwright's objects are event emitters, which its types do not say. */
interface Emitter {
  eventNames(): (string | symbol)[];
  listenerCount(name: string | symbol): number;
}

/** The listeners on a context and page, by event, as one comparable string. */
const listenerCounts = (...targets: [BrowserContext, Page]) =>
  (targets as unknown as Emitter[])
    .flatMap((target) =>
      target.eventNames().map((name) => `${String(name)}:${target.listenerCount(name)}`),
    )
    .join(' ');

/** A context and its one page, emptied by `BrowserSession.empty` (decision 039). */
export interface Reusable {
  context: BrowserContext;
  page: Page;
}

/**
 * A fresh context (own cookies) and page, or an emptied one to reuse, that records every
 * unexpected console error. Reduced motion is asked for, which the theme honours
 * (respectReducedMotion): dialogs, menus and toasts appear without transitions to wait for or
 * frames to paint.
 */
export async function openSession(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  reuse?: Reusable,
): Promise<BrowserSession> {
  const context =
    reuse?.context ?? (await browser.newContext({ viewport, reducedMotion: 'reduce' }));
  const page = reuse?.page ?? (await context.newPage());
  if (reuse) await page.setViewportSize(viewport);
  const errors: string[] = [];
  const expected = [...ALWAYS_EXPECTED];
  const isExpected = (message: ConsoleMessage) =>
    expected.some(
      (e) => e.text.test(message.text()) && (!e.url || e.url.test(message.location().url)),
    );
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error' && !isExpected(message)) {
      errors.push(`${message.text()} (${message.location().url})`);
    }
  };
  const onPageError = (error: Error) => errors.push(`uncaught: ${error.message}`);
  // What Playwright itself listens to, for telling a test's own listeners apart at the end.
  const ownListeners = listenerCounts(context, page);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  const close = () => context.close();
  return {
    context,
    page,
    errors,
    expectError: (error) => expected.push(error),
    close,
    empty: async () => {
      try {
        page.off('console', onConsole);
        page.off('pageerror', onPageError);
        if (page.isClosed() || context.pages().length !== 1) throw new Error('not one page');
        // A listener the test added would follow the next test (Playwright's own cannot go).
        if (listenerCounts(context, page) !== ownListeners) throw new Error('listeners left');
        await context.unrouteAll({ behavior: 'ignoreErrors' });
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        // The app keeps nothing there today; a test's origin is its own server's.
        if (page.url().startsWith('http')) {
          await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
        }
        // Leaving the app stops its polling and live events before its cookies go. For a page
        // of the same server, not about:blank: the next test's app then loads in this renderer
        // process, with its compiled scripts (decision 039).
        const origin = new URL(page.url()).origin;
        await page.goto(origin.startsWith('http') ? `${origin}/healthz` : 'about:blank');
        await context.clearCookies();
        await context.clearPermissions();
        await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: 'reduce' });
        return { context, page };
      } catch {
        await close().catch(() => {});
        return undefined;
      }
    },
  };
}

export interface TestUser {
  email: string;
  password: string;
}

export function uniqueUser(prefix = 'user'): TestUser {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return { email: `${prefix}-${tag}@example.com`, password: 'secret-pass-1' };
}

/**
 * Registers through the API with the context's own cookie jar, so the browser is signed in as
 * the new user from its first page load.
 */
export async function registerThroughApi(
  context: BrowserContext,
  baseUrl: string,
  user: TestUser = uniqueUser(),
): Promise<TestUser> {
  const response = await context.request.post(`${baseUrl}/api/register`, {
    data: { username: user.email, email: user.email, password: user.password },
    headers: { Origin: baseUrl },
  });
  if (response.status() !== 201) {
    throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  }
  return user;
}

/** Creates a user through the API without signing any browser in (its cookie is dropped). */
export async function createUserThroughApi(
  baseUrl: string,
  user: TestUser = uniqueUser(),
): Promise<TestUser> {
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ username: user.email, email: user.email, password: user.password }),
  });
  if (response.status !== 201) {
    throw new Error(`register failed: ${response.status} ${await response.text()}`);
  }
  return user;
}
