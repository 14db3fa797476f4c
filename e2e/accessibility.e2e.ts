import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeReddit, type FakeReddit } from '../test/fakes/reddit';
import { eventually } from '../test/helpers/eventually';
import {
  createUserThroughApi,
  DESKTOP,
  PHONE,
  uniqueUser,
  type BrowserSession,
  type TestUser,
} from './support/browser';
import { visible } from './support/locators';
import {
  axeViolations,
  clippedTables,
  horizontalOverflow,
  readyForChecks,
  settle,
} from './support/page-checks';
import { fakeRedditEnv } from './support/reddit-env';
import { useBrowserSuite } from './support/suite';
import { shot } from './support/shots';

/*
 * Every screen and dialog at 1280 and 390 px, with real data (keywords, mentions from the fake
 * Reddit, a Pro payment): no critical or serious WCAG 2.1 A/AA violation, no sideways scroll on
 * a phone, no table a phone cuts off, no uncaught error, the keyword dialog's buttons in sight
 * with its Advanced Options open (they once scrolled out of reach on a phone); and the keyboard
 * path to the keyword dialog and back. One server, one browser, one page per width.
 */

let fake: FakeReddit | undefined;
const suite = useBrowserSuite('accessibility', {
  env: async () => fakeRedditEnv((fake = await startFakeReddit())),
});
afterAll(async () => fake?.stop());

type Viewport = typeof DESKTOP | typeof PHONE;
const users = new Map<Viewport, TestUser>();
let createdMs = Date.now() - 3600_000;

/** Signs `user` in through the API and answers a function sending calls in that session. */
async function asUser(url: string, user: TestUser) {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ username: user.email, password: user.password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: url, Cookie: cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
}

/** Polls `done` (expect.poll is for tests, not hooks) until it holds or 30 s have passed. */
const until = (what: string, done: () => Promise<boolean>) =>
  eventually(what, done, { timeoutMs: 30_000, intervalMs: 250 });

// One user per width, each with three keywords (one paused, one by email) and mentions.
beforeAll(async () => {
  if (!suite.enabled) return;
  const { url } = suite.server;
  const calls = await Promise.all(
    [DESKTOP, PHONE].map(async (viewport) => {
      const user = await createUserThroughApi(url, uniqueUser(`a11y${viewport.width}`));
      users.set(viewport, user);
      const call = await asUser(url, user);
      await call('POST', '/api/alerts', { keyword: 'zendesk', subreddits: 'SaaS, startups' });
      await call('POST', '/api/alerts', { keyword: 'freshdesk', digestFrequency: 'email' });
      await call('POST', '/api/alerts', { keyword: 'helpscout', isActive: false });
      return call;
    }),
  );
  // Posts are added once the listings were read with the alerts known.
  await until('the alerts were checked', async () => {
    const lists = await Promise.all(calls.map((call) => call('GET', '/api/alerts')));
    const active = lists.flat().filter((a: { isActive: boolean }) => a.isActive);
    return active.every((a: { lastPolledAt: string | null }) => a.lastPolledAt);
  });
  for (let i = 0; i < 6; i++) {
    fake!.addPost({
      subreddit: i % 2 ? 'SaaS' : 'startups',
      title: `Post ${i}: is Zendesk worth it for a team of ${i + 2}?`,
      selftext: `We compare zendesk with a shared inbox. ${'Long story. '.repeat(i * 4)}`,
      score: 10 + i,
      createdMs: (createdMs += 1000),
    });
  }
  fake!.addComment({
    subreddit: 'SaaS',
    linkTitle: 'Which help desk for a team of three?',
    body: 'We moved from freshdesk to a shared inbox last year.',
    createdMs: (createdMs += 1000),
  });
  await until('every user has the 7 mentions', async () => {
    const pages = await Promise.all(calls.map((call) => call('GET', '/api/mentions')));
    return pages.every((p: { items: unknown[] }) => p.items.length === 7);
  });
});

/** Signs the browser in as `user`, on the Free plan (a retried test upgraded them already). */
async function signIn(context: BrowserContext, user: TestUser) {
  const { url } = suite.server;
  const headers = { Origin: url };
  const res = await context.request.post(`${url}/api/login`, {
    data: { username: user.email, password: user.password },
    headers,
  });
  expect(res.status()).toBe(200);
  if ((await res.json()).planType === 'pro') {
    const cancel = await context.request.post(`${url}/api/subscriptions/cancel`, {
      data: { immediate: true },
      headers,
    });
    expect(cancel.status()).toBe(200);
  }
}

/**
 * Runs every check on the page as it is (only within the open dialog, when `dialog` says so:
 * the page behind it was checked already) and records what fails under the view's name.
 */
function checker(session: BrowserSession, viewport: Viewport) {
  const problems: string[] = [];
  // Elements, and rules broken per view, by impact: the figures the test prints.
  const counts = { critical: 0, serious: 0, criticalRules: 0, seriousRules: 0 };
  let errorsSeen = 0;
  const check = async (view: string, scope: { dialog?: boolean } = {}) => {
    const { page } = session;
    await settle(page);
    const found = await axeViolations(page, scope.dialog ? '[role="dialog"]' : undefined);
    for (const impact of ['critical', 'serious'] as const) {
      const of = found.filter((v) => v.startsWith(`[${impact}]`));
      counts[impact] += of.length;
      counts[`${impact}Rules`] += new Set(of.map((v) => v.split(' ')[1])).size;
    }
    if (viewport === PHONE) {
      const overflow = await horizontalOverflow(page);
      if (overflow) found.push(overflow);
      found.push(...(await clippedTables(page)));
    }
    found.push(...session.errors.slice(errorsSeen).filter((e) => e.startsWith('uncaught')));
    errorsSeen = session.errors.length;
    problems.push(...found.map((problem) => `${view} @${viewport.width}px: ${problem}`));
    // A screenshot of every view, to look at (support/shots.ts): a dialog as the viewport shows
    // it, so what is below the fold stays there.
    await shot(page, `a11y-${view.replace(/\W+/g, '-')}`, { fullPage: !scope.dialog });
  };
  return { problems, counts, check };
}

/**
 * Whether the dialog's `name` button is in sight: wholly in the viewport, and not cut off by the
 * dialog's scrolling box (the topmost element at its top and bottom edges is the button).
 */
async function inSight(page: Page, name: string) {
  return page
    .getByRole('dialog')
    .getByRole('button', { name })
    .evaluate((button) => {
      const box = button.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const hit = (y: number) => button.contains(document.elementFromPoint(x, y));
      const inViewport =
        box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth;
      return inViewport && hit(box.top + 2) && hit(box.bottom - 2);
    });
}

describe.skipIf(!suite.enabled)('accessibility of every screen', () => {
  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    '%s: every route and dialog passes WCAG 2.1 A/AA checks',
    async (_, viewport) => {
      const { url } = suite.server;
      const session = await suite.open(viewport);
      const { page } = session;
      await readyForChecks(page);
      const { problems, counts, check } = checker(session, viewport);
      // In-app navigation, as a link does: the app (and axe) stay loaded between views.
      const go = async (path: string, ready: string) => {
        await page.evaluate((to) => {
          history.pushState(null, '', to);
          dispatchEvent(new PopStateEvent('popstate'));
        }, path);
        await visible(page.getByRole('heading', { name: ready }));
      };
      const dialog = page.getByRole('dialog');
      const closeDialog = async () => {
        await page.keyboard.press('Escape');
        await dialog.first().waitFor({ state: 'detached' });
      };

      // Signed out.
      await page.goto(`${url}/landing`);
      await visible(
        page.getByRole('heading', { name: 'Get Notified When Your Audience Talks on Reddit' }),
      );
      await check('landing');
      for (const [tab, title] of [
        ['login', 'Welcome back'],
        ['register', 'Create an account'],
        ['forgot', 'Reset your password'],
      ]) {
        await go(`/auth?tab=${tab}`, title);
        await check(`auth ${tab}`);
      }
      await go('/pricing', 'Simple, transparent pricing');
      await check('pricing (signed out)');
      for (const [legal, title] of [
        ['privacy', 'Privacy Policy'],
        ['terms', 'Terms of Service'],
        ['refund', 'Refund Policy'],
      ]) {
        await go(`/${legal}`, title);
        await check(legal);
      }
      await go('/verify-email', 'Verify your email');
      await check('verify-email (no token)');
      await go('/reset-password?token=abc', 'Choose a new password');
      await check('reset-password');
      await go('/no-such-page', '404 Page Not Found');
      await check('not found');

      // Signed in (a new load: the app asks who is signed in when it starts), Free.
      await signIn(session.context, users.get(viewport)!);
      await page.goto(`${url}/dashboard`);
      await visible(page.getByRole('article'));
      await visible(page.getByText(/Checked/));
      await page.getByRole('button', { name: 'Details' }).click();
      await visible(page.getByText('r/all · new posts'));
      await check('dashboard, monitoring details');
      if (viewport === PHONE) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await visible(dialog);
        await check('mobile menu', { dialog: true });
        await closeDialog();
      }

      // The keyword dialog with its Advanced Options open: every field, and the buttons in sight.
      await page.getByRole('button', { name: 'Add Keyword', exact: true }).click();
      await visible(dialog.getByRole('textbox', { name: 'Keyword' }));
      await dialog.getByRole('button', { name: 'Advanced Options' }).click();
      await settle(page);
      if (!(await inSight(page, 'Add Keywords'))) {
        problems.push(`keyword dialog @${viewport.width}px: "Add Keywords" is below the fold`);
      }
      await check('keyword dialog (create, advanced options)', { dialog: true });
      await closeDialog();

      await page.getByRole('button', { name: 'Actions for "zendesk"' }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await visible(dialog.getByRole('textbox', { name: 'Keyword' }));
      await dialog.getByRole('button', { name: 'Advanced Options' }).click();
      await settle(page);
      if (!(await inSight(page, 'Update Keywords'))) {
        problems.push(`keyword dialog @${viewport.width}px: "Update Keywords" is below the fold`);
      }
      await check('keyword dialog (edit, advanced options)', { dialog: true });
      await closeDialog();

      await page.getByRole('button', { name: 'Actions for "helpscout"' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await visible(dialog.getByText('Are you sure?'));
      await check('delete keyword dialog', { dialog: true });
      await closeDialog();

      await go('/alerts', 'Keywords');
      await visible(page.getByRole('listitem').first());
      await check('keywords');
      await page
        .getByRole('button', { name: /Advanced Filters|Filters/ })
        .first()
        .click();
      await visible(dialog);
      await check('advanced filters dialog', { dialog: true });
      await closeDialog();

      await go('/mentions', 'Alerts');
      await visible(page.getByRole('article'));
      await check('mentions');

      const alerts = await (await session.context.request.get(`${url}/api/alerts`)).json();
      const zendesk = alerts.find((a: { keyword: string }) => a.keyword === 'zendesk');
      await go(`/alerts/debug/${zendesk.id}`, 'Alert Diagnostic');
      await visible(page.getByText(/ · new posts/));
      await page.getByRole('button', { name: 'Run API Test' }).click();
      await visible(page.getByText('Test Successful'));
      await check('diagnostic');

      for (const tab of [
        'profile',
        'team',
        'subscription',
        'notifications',
        'security',
        'danger',
      ]) {
        await go(`/settings?tab=${tab}`, 'Account Settings');
        await visible(page.getByRole('tabpanel'));
        await check(`settings ${tab}`);
      }
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await visible(dialog);
      await check('delete account dialog', { dialog: true });
      await closeDialog();

      // Upgrade through the test checkout; then the Pro screens and the payment's receipt.
      await go('/pricing', 'Simple, transparent pricing');
      await check('pricing (Free)');
      await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
      await visible(page.getByRole('button', { name: 'Pay $14.99' }));
      await check('test checkout');
      await page.getByRole('button', { name: 'Pay $14.99' }).click();
      await page.waitForURL(/\/settings\?tab=subscription/);
      await visible(page.getByText('Renews on'));
      // The newest receipt, this attempt's: a retried test paid once before (its first attempt).
      const receipt = page.getByRole('link', { name: 'View receipt' }).first();
      await visible(receipt);
      await check('settings subscription (Pro, payment history)');
      await page.getByRole('button', { name: 'Cancel Subscription' }).click();
      await visible(dialog);
      await check('cancel subscription dialog', { dialog: true });
      await closeDialog();
      await receipt.click();
      await page.waitForURL(/\/billing\/receipts\//);
      await visible(page.getByText('Earshot Pro, one month'));
      await check('receipt');
      await go('/pricing', 'Simple, transparent pricing');
      await check('pricing (Pro)');

      console.log(
        `axe at ${viewport.width} px: ${counts.critical} critical and ${counts.serious} serious ` +
          `elements (${counts.criticalRules} and ${counts.seriousRules} rules × views)`,
      );
      // Said in full before the assertion: a first attempt's failure is otherwise lost when
      // its retry passes (Vitest keeps only the start of a retried test's message).
      if (problems.length > 0)
        console.error(`problems at ${viewport.width} px:\n${problems.join('\n')}`);
      expect(problems.join('\n')).toBe('');
    },
    150_000,
  );

  test('the keyboard reaches Add Keyword, opens the dialog and comes back, with a visible focus ring', async () => {
    const { url } = suite.server;
    const session = await suite.open(DESKTOP);
    const { page } = session;
    await signIn(session.context, users.get(DESKTOP)!);
    await page.goto(`${url}/dashboard`);
    const add = page.getByRole('button', { name: 'Add Keyword', exact: true });
    await visible(add);

    const noRing: string[] = [];
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const ring =
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
          style.boxShadow !== 'none';
        return { text: el.innerText?.trim() || el.getAttribute('aria-label') || el.tagName, ring };
      });
      if (!focused) continue;
      if (!focused.ring) noRing.push(focused.text);
      reached = focused.text === 'Add Keyword';
    }
    expect(reached, 'Tab reaches "Add Keyword"').toBe(true);
    expect(noRing, 'focused elements with no visible focus ring').toEqual([]);

    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add New Keywords' });
    await visible(dialog);
    await expect
      .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)))
      .toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => add.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
