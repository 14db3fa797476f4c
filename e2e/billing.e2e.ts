import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, registerThroughApi } from './support/browser';
import { submit, visible } from './support/locators';
import { useBrowserSuite } from './support/suite';

// The test-mode checkout (no Stripe key): the whole upgrade → cancel → downgrade path as a user.
const suite = useBrowserSuite('billing');

async function signedInPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const session = await suite.open(viewport);
  await registerThroughApi(session.context, suite.server.url);
  return session.page;
}

async function apiCall(method: 'GET' | 'POST', path: string, data?: unknown) {
  const session = suite.session;
  if (!session) throw new Error('no browser session');
  const res = await session.context.request.fetch(`${suite.server.url}${path}`, {
    method,
    data,
    headers: { Origin: suite.server.url },
  });
  return { status: res.status(), body: await res.json().catch(() => undefined) };
}

const gone = (locator: Locator) => locator.first().waitFor({ state: 'detached' });
const dialog = (page: Page) => page.getByRole('dialog');

async function addKeywordInDialog(page: Page, keyword: string) {
  await page.getByRole('button', { name: 'Add Keyword', exact: true }).click();
  await dialog(page).getByRole('textbox', { name: 'Keyword' }).fill(keyword);
  await submit(dialog(page).getByRole('button', { name: 'Add Keywords' }));
  await visible(page.getByText('Your new alert has been created successfully.'));
  await expect.poll(() => dialog(page).count()).toBe(0);
}

describe.skipIf(!suite.enabled)('billing in test mode', () => {
  test('pricing → pay → Pro → cancel at period end → resume → cancel now → Free with paused keywords', async () => {
    const page = await signedInPage();
    for (const keyword of ['alpha', 'beta', 'gamma']) {
      expect((await apiCall('POST', '/api/alerts', { keyword })).status).toBe(201);
    }

    // Pricing → the app's own checkout page, clearly a test.
    await page.goto(`${suite.server.url}/pricing`);
    await visible(page.getByText('RECOMMENDED'));
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(/\/billing\/test-checkout\/tcs_/);
    await visible(page.getByText('Test mode — no real payment'));
    await page.getByRole('button', { name: 'Pay $14.99' }).click();

    // Back in Settings → Subscription, upgraded; the return flag is cleaned from the URL.
    await page.waitForURL(/\/settings\?tab=subscription/);
    await visible(page.getByText('Subscription Upgraded'));
    await expect.poll(() => page.url()).not.toContain('checkout_success');
    await visible(page.getByText('Renews on'));
    await visible(page.getByRole('cell', { name: 'Test card •••• 4242' }));
    await visible(page.getByRole('cell', { name: '$14.99' }));

    // The receipt page of the app.
    await page.getByRole('link', { name: 'View receipt' }).click();
    await page.waitForURL(/\/billing\/receipts\/test_pay_/);
    await visible(page.getByText('Earshot Pro, one month'));
    await page.getByRole('link', { name: 'Back to Subscription' }).click();

    // A 4th keyword is allowed on Pro.
    await page.goto(`${suite.server.url}/dashboard`);
    await addKeywordInDialog(page, 'delta');
    const alerts = await apiCall('GET', '/api/alerts');
    expect(alerts.body.filter((a: { isActive: boolean }) => a.isActive)).toHaveLength(4);

    // Cancel at period end: the notice, then resume.
    await page.goto(`${suite.server.url}/settings?tab=subscription`);
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await visible(dialog(page).getByText('Cancel your Pro subscription?'));
    await dialog(page).getByRole('button', { name: 'Cancel at Period End' }).click();
    await visible(page.getByText('Subscription Will Cancel'));
    const notice = page.getByText(
      'You will be downgraded to Free at the end of your billing period',
    );
    await visible(notice.nth(1)); // the toast's text and the notice's title
    // Resume, and "now" as the only other way: never "Cancel Subscription" beside "Resume".
    expect(await page.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
    await visible(page.getByRole('button', { name: 'Cancel Immediately' }));
    await page.getByRole('button', { name: 'Resume Subscription' }).click();
    await visible(page.getByText('Subscription Resumed'));
    await gone(page.getByRole('button', { name: 'Resume Subscription' }));

    // Cancel now: Free, the oldest keyword paused, and the dashboard names it.
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await dialog(page).getByRole('button', { name: 'Cancel Immediately' }).click();
    await visible(page.getByText('Subscription Canceled'));
    await visible(page.getByRole('button', { name: 'Upgrade to Pro' }));

    await page.goto(`${suite.server.url}/dashboard`);
    await visible(page.getByText('One keyword was paused when your plan changed to Free'));
    await visible(page.getByText('“alpha”'));
    const after = await apiCall('GET', '/api/alerts');
    const live = after.body
      .filter((a: { isActive: boolean }) => a.isActive)
      .map((a: { keyword: string }) => a.keyword)
      .sort();
    expect(live).toEqual(['beta', 'delta', 'gamma']);
    expect((await apiCall('GET', '/api/user')).body.planType).toBe('free');

    // Dismissed, the notice stays gone.
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await gone(page.getByText('One keyword was paused when your plan changed to Free'));
    await page.reload();
    await visible(page.getByText(/^Keywords being monitored on Reddit/));
    expect(await page.getByText('“alpha”').count()).toBe(0);
  });

  test('leaving the checkout returns to Settings with "Checkout Canceled", on a phone', async () => {
    const page = await signedInPage(PHONE);
    await page.goto(`${suite.server.url}/settings?tab=subscription`);
    await visible(page.getByRole('tab', { name: 'Plan' }));
    await visible(page.getByText('No payments yet.', { exact: false }));
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(/\/billing\/test-checkout\//);
    await page.getByRole('button', { name: 'Cancel and return to Earshot' }).click();
    await page.waitForURL(/\/settings\?tab=subscription/);
    await visible(page.getByText('Checkout Canceled'));
    await expect.poll(() => page.url()).not.toContain('checkout_canceled');
    expect((await apiCall('GET', '/api/user')).body.planType).toBe('free');
  });
});
