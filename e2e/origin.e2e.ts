import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createUserThroughApi, registerThroughApi, uniqueUser } from './support/browser';
import { visible } from './support/locators';
import { useBrowserSuite } from './support/suite';

// APP_URL unset: its default must be the origin the README and the start-up line name, and the
// test-mode checkout must keep whichever loopback spelling the browser opened (a cookie set on
// 127.0.0.1 is not sent to localhost, so a switch would sign the user out).
const suite = useBrowserSuite('origin', { env: () => ({ APP_URL: '' }) });

const here = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

async function upgradeFrom(base: string) {
  const { page, context } = await suite.open();
  await registerThroughApi(context, base);
  await page.goto(`${base}/pricing`);
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await page.waitForURL(/\/billing\/test-checkout\/tcs_/);
  expect(new URL(page.url()).origin).toBe(base);
  await visible(page.getByText('Test mode — no real payment'));
  await page.getByRole('button', { name: 'Pay $14.99' }).click();
  await page.waitForURL(/\/settings\?tab=subscription/);
  expect(new URL(page.url()).origin).toBe(base);
  await visible(page.getByText('Subscription Upgraded'));
  await visible(page.getByText('Renews on'));
}

describe.skipIf(!suite.enabled)('one origin', () => {
  test('the test-mode upgrade opened from 127.0.0.1, as the README says, keeps the session', async () => {
    expect(suite.server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await upgradeFrom(suite.server.url);
  });

  test('…and from localhost too: the checkout stays on the host the browser holds the cookie for', async () => {
    await upgradeFrom(suite.server.url.replace('127.0.0.1', 'localhost'));
  });

  test('a protected page reached signed out returns there after login, never off-site', async () => {
    const user = await createUserThroughApi(suite.server.url, uniqueUser('next'));
    const { page, context } = await suite.open();
    const signIn = async () => {
      await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
    };

    await page.goto(`${suite.server.url}/settings?tab=notifications`);
    await page.waitForURL((url) => url.pathname === '/landing');
    expect(here(page)).toBe('/landing?next=%2Fsettings%3Ftab%3Dnotifications');
    // Every way to sign up from there keeps the way back, as Log In does.
    for (const name of ['Start Tracking for Free', 'Sign Up for Free']) {
      expect(await page.getByRole('link', { name }).getAttribute('href')).toBe(
        '/auth?tab=register&next=%2Fsettings%3Ftab%3Dnotifications',
      );
    }
    await page.getByRole('link', { name: 'Log In' }).click();
    await signIn();
    await page.waitForURL((url) => url.pathname === '/settings');
    expect(here(page)).toBe('/settings?tab=notifications');
    await visible(page.getByRole('heading', { name: 'Account Settings' }));

    // Another site, or a path spelled to look like one, is not followed. Signed out by
    // clearing the cookies once the page is left: a live page would see its session vanish.
    await page.goto('about:blank');
    await context.clearCookies();
    await page.goto(
      `${suite.server.url}/auth?tab=login&next=${encodeURIComponent('//evil.example/x')}`,
    );
    await signIn();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(new URL(page.url()).origin).toBe(suite.server.url);
  });
});
