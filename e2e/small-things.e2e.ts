import type { BrowserContext } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, registerThroughApi } from './support/browser';
import { visible } from './support/locators';
import { useBrowserSuite } from './support/suite';
import { uniqueTag } from './support/unique-tag';

// Things a new user tripped over, each small: one browser suite for the ones only a page shows.
const suite = useBrowserSuite('small-things', { env: () => ({ ALLOW_PRIVATE_WEBHOOKS: 'true' }) });

async function post(context: BrowserContext, path: string, data: unknown) {
  const url = suite.server.url;
  const res = await context.request.post(`${url}${path}`, { data, headers: { Origin: url } });
  return { status: res.status(), body: await res.json() };
}

describe.skipIf(!suite.enabled)('small things', () => {
  test('the Keyword column keeps -author:AutoModerator on one line; the toast does not nest quotes', async () => {
    const { page, context } = await suite.open(DESKTOP);
    await registerThroughApi(context, suite.server.url);
    const keyword = `"zendesk alternative ${uniqueTag()}" OR (helpdesk AND NOT jira) -author:AutoModerator`;
    expect((await post(context, '/api/alerts', { keyword })).status).toBe(201);
    await page.goto(`${suite.server.url}/dashboard`);
    const filter = page.getByRole('table').getByText('-author:AutoModerator', { exact: true });
    await visible(filter);
    // One box: the term is not broken at its hyphen or anywhere else.
    expect(await filter.evaluate((span) => span.getClientRects().length)).toBe(1);

    await page.getByRole('button', { name: `Actions for ${keyword}` }).click();
    await page.getByRole('menuitem', { name: /Pause/ }).click();
    await visible(page.getByText(`Alert ${keyword} is now paused.`));
  });

  test('a second channel of the same name is refused under the Name field', async () => {
    const { page, context, expectError } = await suite.open(DESKTOP);
    expectError({ text: /status of 409/, url: /\/api\/channels$/ });
    await registerThroughApi(context, suite.server.url);
    const first = await post(context, '/api/channels', {
      kind: 'webhook',
      name: 'Team hook',
      target: 'http://127.0.0.1:9/hooks/a',
    });
    expect(first.status).toBe(201);
    await page.goto(`${suite.server.url}/settings?tab=notifications`);
    await page.getByRole('button', { name: 'Add channel' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Webhook' }).check();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('team hook');
    await dialog.getByRole('textbox', { name: 'Webhook URL' }).fill('http://127.0.0.1:9/hooks/b');
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await visible(
      dialog.getByText('You already have a channel named “team hook”: choose another name'),
    );
    expect(await dialog.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  test("another user's checkout says not found, with no Retry", async () => {
    const owner = await suite.open(DESKTOP);
    await registerThroughApi(owner.context, suite.server.url);
    const plans = await owner.context.request.get(`${suite.server.url}/api/subscriptions/plans`);
    const pro = ((await plans.json()) as { id: number; name: string }[]).find(
      (plan) => plan.name === 'Pro',
    )!;
    const checkout = await post(owner.context, '/api/subscriptions/checkout', { planId: pro.id });
    const path = new URL(checkout.body.url as string, suite.server.url).pathname;

    const stranger = await suite.open(DESKTOP);
    await registerThroughApi(stranger.context, suite.server.url);
    stranger.expectError({ text: /status of 404/, url: /test-checkout/ });
    await stranger.page.goto(`${suite.server.url}${path}`);
    await visible(stranger.page.getByText('Checkout session not found'));
    expect(await stranger.page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  });

  test('an email change with the password left empty says the field is required', async () => {
    const { page, context, expectError } = await suite.open(DESKTOP);
    expectError({ text: /status of 400/, url: /\/api\/user\/profile$/ });
    await registerThroughApi(context, suite.server.url);
    await page.goto(`${suite.server.url}/settings`);
    await page.getByRole('textbox', { name: 'Email' }).fill(`moved-${uniqueTag()}@example.com`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page.getByText('Current password is required'));
  });

  test('after account deletion the address is plain /landing', async () => {
    const { page, context } = await suite.open(DESKTOP);
    await registerThroughApi(context, suite.server.url);
    await page.goto(`${suite.server.url}/settings?tab=danger`);
    await page.getByRole('tab', { name: 'Danger Zone' }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you absolutely sure?' });
    await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
    await visible(page.getByText('Account deleted'));
    await expect.poll(() => new URL(page.url()).pathname).toBe('/landing');
    expect(new URL(page.url()).search).toBe('');
  });

  test("the forgot-password page's footer leads back to sign-in", async () => {
    const { page } = await suite.open(DESKTOP);
    await page.goto(`${suite.server.url}/auth?tab=forgot`);
    await page.getByText('Remembered it?').getByRole('link', { name: 'Back to sign in' }).click();
    await visible(page.getByRole('heading', { name: 'Welcome back' }));
  });
});
