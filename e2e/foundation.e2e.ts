import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createUserThroughApi, PHONE, registerThroughApi, uniqueUser } from './support/browser';
import { visible } from './support/locators';
import { useBrowserSuite } from './support/suite';
import { uniqueTag } from './support/unique-tag';

const HERO = 'Get Notified When Your Audience Talks on Reddit';

const suite = useBrowserSuite('foundation');

async function open(viewport?: { width: number; height: number }) {
  const session = await suite.open(viewport);
  return session;
}

const path = (page: Page) => new URL(page.url()).pathname;
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

async function waitForPath(page: Page, expected: string) {
  await page.waitForURL((url) => url.pathname === expected);
}

describe.skipIf(!suite.enabled)('foundation in the browser', () => {
  test('a visitor registers, logs out, logs in, edits the profile and deletes the account', async () => {
    const { page, expectError } = await open();
    const user = uniqueUser('journey');

    await page.goto(`${suite.server.url}/auth?tab=register`);
    await visible(heading(page, 'Create an account'));
    await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill(user.password);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await waitForPath(page, '/dashboard');
    await visible(heading(page, 'Dashboard'));
    await visible(page.getByText('Registration successful'));
    await visible(page.getByText(`Welcome to Earshot, ${user.email}!`));
    await expect
      .poll(() =>
        page.getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('aria-current'),
      )
      .toBe('page');

    await page.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/landing');
    await visible(page.getByText('You have been logged out successfully.'));
    await visible(heading(page, HERO));

    await page.getByRole('link', { name: 'Log In' }).click();
    await visible(heading(page, 'Welcome back'));
    await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForPath(page, '/dashboard');
    await visible(page.getByText(`Welcome back, ${user.email}!`));

    await page.getByRole('link', { name: `Account settings for ${user.email}` }).click();
    await visible(heading(page, 'Account Settings'));
    const save = page.getByRole('button', { name: 'Save Changes' });
    expect(await save.isDisabled()).toBe(true);
    const username = page.getByRole('textbox', { name: 'Username', exact: true });
    const email = page.getByRole('textbox', { name: 'Email' });

    // Someone else's email is refused, and the server's reason shows on the field.
    const other = await createUserThroughApi(suite.server.url, uniqueUser('other'));
    expectError({ text: /status of 409/, url: /\/api\/user\/profile$/ });
    // (The registered username is the long email; profile usernames hold at most 30 characters.)
    // Usernames are unique: a first attempt that stopped before deleting its account keeps its
    // new name, so each attempt picks its own.
    const renamed = `renamed-${uniqueTag()}`;
    await username.fill(renamed);
    await email.fill(other.email);
    await save.click();
    // Said once, on the field (a toast repeating it would only cover the screen).
    await visible(page.getByText('An account with this email already exists'));
    expect(await page.getByText('Update failed').count()).toBe(0);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await email.fill(user.email);
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await visible(page.getByText('Profile updated'));
    await visible(page.getByRole('link', { name: `Account settings for ${renamed}` }));
    await expect.poll(() => save.isDisabled()).toBe(true);

    // The change is stored, not only shown.
    await page.reload();
    await expect.poll(() => username.inputValue()).toBe(renamed);

    await page.getByRole('tab', { name: 'Danger Zone' }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you absolutely sure?' });
    await visible(dialog.getByText('cannot be undone'));
    await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
    await waitForPath(page, '/landing');
    await visible(page.getByText('Account deleted'));

    // The account is gone: its credentials no longer sign in.
    expectError({ text: /status of 401/, url: /\/api\/login$/ });
    await page.goto(`${suite.server.url}/auth?tab=login`);
    await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await visible(page.getByText('Login failed'));
    expect(path(page)).toBe('/auth');
  });

  test('protected routes send a visitor to /landing', async () => {
    const { page } = await open();
    for (const route of [
      '/',
      '/dashboard',
      '/alerts',
      '/mentions',
      '/settings',
      '/alerts/debug/1',
    ]) {
      await page.goto(`${suite.server.url}${route}`);
      await waitForPath(page, '/landing');
      await visible(heading(page, HERO));
    }
  });

  test('a signed-in user skips /landing and /auth', async () => {
    const { page, context } = await open();
    await registerThroughApi(context, suite.server.url);
    for (const route of ['/landing', '/auth', '/auth?tab=register']) {
      await page.goto(`${suite.server.url}${route}`);
      await waitForPath(page, '/dashboard');
    }
    // Pricing stays reachable, inside the app shell.
    await page.goto(`${suite.server.url}/pricing`);
    await visible(page.getByRole('link', { name: 'Upgrade to Pro' }));
    await visible(page.getByRole('button', { name: 'Current Plan' }));
  });

  test('an unknown path shows the not-found page', async () => {
    const { page } = await open();
    await page.goto(`${suite.server.url}/no/such/page`);
    await visible(heading(page, '404 Page Not Found'));
    await visible(page.getByText('Did you forget to add the page to the router?'));
  });

  test('the auth page follows ?tab= and the footer link toggles it', async () => {
    const { page } = await open();
    const confirm = page.getByRole('textbox', { name: 'Confirm Password' });

    await page.goto(`${suite.server.url}/auth?tab=register`);
    await visible(heading(page, 'Create an account'));
    expect(await confirm.isVisible()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Email' }).getAttribute('type')).toBe('email');

    await page.getByRole('textbox', { name: 'Email' }).fill('someone@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret-1');
    await confirm.fill('secret-2');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await visible(page.getByText("Passwords don't match"));

    await page.getByText('Already have an account?').getByRole('link', { name: 'Sign in' }).click();
    await visible(heading(page, 'Welcome back'));
    expect(new URL(page.url()).searchParams.get('tab')).toBe('login');
    expect(await confirm.count()).toBe(0);
    await visible(page.getByRole('button', { name: 'Sign In' }));

    await page.getByText("Don't have an account?").getByRole('link', { name: 'Sign up' }).click();
    await visible(heading(page, 'Create an account'));
    expect(new URL(page.url()).searchParams.get('tab')).toBe('register');

    await page.goto(`${suite.server.url}/auth`);
    await visible(heading(page, 'Welcome back'));
  });

  test('on a phone the bottom tabs navigate between the main screens', async () => {
    const { page, context } = await open(PHONE);
    await registerThroughApi(context, suite.server.url);
    await page.goto(`${suite.server.url}/dashboard`);
    await visible(heading(page, 'Dashboard'));

    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    // The Manage Keywords heading belongs to the keyword-alert UI; the URL is enough here.
    const steps: [string, string, string | null][] = [
      ['Keywords', '/alerts', null],
      ['Alerts', '/mentions', 'Alerts'],
      ['Settings', '/settings', 'Account Settings'],
      ['Dashboard', '/', 'Dashboard'],
    ];
    for (const [label, target, title] of steps) {
      const tab = tabs.getByRole('link', { name: label });
      await tab.click();
      await waitForPath(page, target);
      if (title) await visible(heading(page, title));
      await expect.poll(() => tab.getAttribute('aria-current')).toBe('page');
    }

    // The desktop sidebar is hidden; the slide-out menu carries the plan limits.
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await visible(menu.getByText('Free Plan Limits'));
    await visible(menu.getByRole('link', { name: 'Upgrade to Pro' }));
  });
});
