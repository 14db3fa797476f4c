import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, registerThroughApi } from './support/browser';
import { submit, text, visible } from './support/locators';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite('alerts');

/** A signed-in page: registered through the API, so the first load is already the app. */
async function signedInPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const session = await suite.open(viewport);
  await registerThroughApi(session.context, suite.server.url);
  return session.page;
}

/** A 403 the test provokes on purpose: Chromium logs the failed request as a console error. */
const expectForbidden = () =>
  suite.session?.expectError({ text: /status of 403/, url: /\/api\/alerts/ });

async function apiCall(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const session = suite.session;
  if (!session) throw new Error('no browser session');
  const res = await session.context.request.fetch(`${suite.server.url}${path}`, {
    method,
    data,
    headers: { Origin: suite.server.url },
  });
  return { status: res.status(), body: await res.json() };
}

const dialog = (page: Page) => page.getByRole('dialog');
const keywordField = (page: Page) => dialog(page).getByRole('textbox', { name: 'Keyword' });

async function openRowMenu(page: Page, keyword: string) {
  await page.getByRole('button', { name: `Actions for "${keyword}"` }).click();
}

/** The element, scrolled to the middle of its scrolling container. */
async function centered(locator: Locator) {
  await locator.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  return locator;
}

describe.skipIf(!suite.enabled)('alerts in the browser', () => {
  test('an alert is created with advanced options, edited, paused, resumed and deleted', async () => {
    const page = await signedInPage();
    await page.goto(`${suite.server.url}/dashboard`);
    await visible(page.getByText('No keywords found'));
    await page.getByRole('button', { name: 'Add Keyword', exact: true }).click();

    await visible(dialog(page).getByText('Add New Keywords'));
    await visible(dialog(page).getByText('How it works'));
    await keywordField(page).fill('stripe OR paddle');
    await dialog(page).getByRole('textbox', { name: 'Subreddits' }).fill('r/SaaS, startups');
    await dialog(page).getByRole('button', { name: 'Advanced Options' }).click();
    // Mid-scroll, the options can sit under the dialog's sticky footer (it then takes the
    // click, seen in CI): each is brought to the middle of the dialog first.
    await centered(dialog(page).getByRole('checkbox', { name: 'Include comments' })).then((box) =>
      box.uncheck(),
    );
    await centered(dialog(page).getByRole('checkbox', { name: 'Titles only' })).then((box) =>
      box.check(),
    );
    await dialog(page).getByRole('textbox', { name: 'Minimum score' }).fill('5');
    await dialog(page).getByRole('radio', { name: 'Dashboard + Email' }).check();
    // A double click must create one alert: two clicks in one task, before React re-renders.
    await dialog(page)
      .getByRole('button', { name: 'Add Keywords' })
      .evaluate((button: HTMLElement) => {
        button.click();
        button.click();
      });

    await visible(page.getByText('Your new alert has been created successfully.'));
    await expect.poll(() => dialog(page).count()).toBe(0);
    const row = page.getByRole('row', { name: /stripe OR paddle/ });
    await expect.poll(() => text(row)).toContain('r/SaaS');
    await expect.poll(() => text(row)).toContain('r/startups');
    await expect.poll(() => text(row)).toContain('Dashboard + Email');
    await expect.poll(() => text(row)).toContain('Active');
    await expect.poll(() => text(page.getByLabel('Keywords', { exact: true }))).toContain('1');

    const created = await apiCall('GET', '/api/alerts');
    expect(created.body).toHaveLength(1);
    expect(created.body[0]).toMatchObject({
      keyword: 'stripe OR paddle',
      subreddits: 'SaaS,startups',
      includeComments: false,
      titlesOnly: true,
      minScore: 5,
      digestFrequency: 'email',
      isActive: true,
    });

    // Edit: the dialog starts from the stored alert, advanced options open.
    await openRowMenu(page, 'stripe OR paddle');
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await visible(dialog(page).getByText('Edit Alert'));
    expect(await keywordField(page).inputValue()).toBe('stripe OR paddle');
    expect(await dialog(page).getByRole('textbox', { name: 'Subreddits' }).inputValue()).toBe(
      'SaaS, startups',
    );
    expect(await dialog(page).getByRole('radio', { name: 'Dashboard + Email' }).isChecked()).toBe(
      true,
    );
    expect(await dialog(page).getByRole('textbox', { name: 'Minimum score' }).inputValue()).toBe(
      '5',
    );
    await keywordField(page).fill('stripe OR paddle OR lemonsqueezy');
    await dialog(page).getByRole('radio', { name: 'Dashboard only' }).check();
    await submit(dialog(page).getByRole('button', { name: 'Update Keywords' }));
    await visible(page.getByText('Your alert has been updated successfully.'));
    const edited = page.getByRole('row', { name: /stripe OR paddle OR lemonsqueezy/ });
    await expect.poll(() => text(edited)).toContain('Dashboard only');

    // Pause, then resume.
    await openRowMenu(page, 'stripe OR paddle OR lemonsqueezy');
    await page.getByRole('menuitem', { name: 'Pause Alerts' }).click();
    await visible(page.getByText('Alert Paused'));
    await visible(page.getByText('Alert "stripe OR paddle OR lemonsqueezy" is now paused.'));
    await expect.poll(() => text(edited)).toContain('Paused');
    await expect.poll(() => text(page.getByLabel('Keywords', { exact: true }))).toContain('0');

    await openRowMenu(page, 'stripe OR paddle OR lemonsqueezy');
    await page.getByRole('menuitem', { name: 'Resume Alerts' }).click();
    await visible(page.getByText('Alert Resumed'));
    await visible(page.getByText('Alert "stripe OR paddle OR lemonsqueezy" is now active.'));
    await expect.poll(() => text(edited)).toContain('Active');
    const resumed = await apiCall('GET', '/api/alerts');
    expect(resumed.body[0]).toMatchObject({ isActive: true, titlesOnly: true, minScore: 5 });

    // Delete through the confirm dialog; Cancel first keeps it.
    await openRowMenu(page, 'stripe OR paddle OR lemonsqueezy');
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await visible(dialog(page).getByText('Are you sure?'));
    await expect
      .poll(() => text(dialog(page)))
      .toContain(
        'This will permanently delete the alert for "stripe OR paddle OR lemonsqueezy". This action cannot be undone.',
      );
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await openRowMenu(page, 'stripe OR paddle OR lemonsqueezy');
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await visible(page.getByText('Your alert has been deleted successfully.'));
    await visible(page.getByText('No keywords found'));
    expect((await apiCall('GET', '/api/alerts')).body).toEqual([]);
  });

  test('the keyword field shows the parser message as the user types', async () => {
    const page = await signedInPage();
    await page.goto(`${suite.server.url}/dashboard`);
    await page.getByRole('button', { name: 'Add Keyword', exact: true }).click();

    await keywordField(page).pressSequentially('"customer support');
    await visible(dialog(page).getByText(/^Unclosed quote: /));
    await expect.poll(() => keywordField(page).getAttribute('aria-invalid')).toBe('true');

    await keywordField(page).fill('a AND');
    await visible(dialog(page).getByText('"AND" at position 3 needs a term after it'));

    // Submitting an invalid keyword sends nothing.
    await submit(dialog(page).getByRole('button', { name: 'Add Keywords' }));
    await visible(dialog(page));
    expect((await apiCall('GET', '/api/alerts')).body).toEqual([]);

    await keywordField(page).fill('a AND b');
    await expect
      .poll(() =>
        dialog(page)
          .getByText(/needs a term after it/)
          .count(),
      )
      .toBe(0);
    await expect.poll(() => keywordField(page).getAttribute('aria-invalid')).not.toBe('true');

    await dialog(page).getByRole('textbox', { name: 'Subreddits' }).fill('saas, not a sub!');
    await visible(dialog(page).getByText(/is not a valid subreddit name/));
  });

  test('a 4th active keyword on Free shows the server message once, with Upgrade to Pro', async () => {
    const page = await signedInPage();
    for (const keyword of ['one', 'two', 'three']) {
      expect((await apiCall('POST', '/api/alerts', { keyword })).status).toBe(201);
    }
    expectForbidden();
    await page.goto(`${suite.server.url}/dashboard`);
    await page.getByRole('button', { name: 'Add Keyword', exact: true }).click();
    await keywordField(page).fill('four');
    // The server's answer first: a failure then says whether the form sent nothing or showed
    // nothing of a 403.
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/alerts') && r.request().method() === 'POST',
    );
    await submit(dialog(page).getByRole('button', { name: 'Add Keywords' }));
    expect((await answered).status()).toBe(403);
    await expect
      .poll(() => text(dialog(page).getByRole('alert')))
      .toContain('Free plan allows 3 active keywords. Upgrade to Pro for unlimited keywords.');
    // Once, in the dialog, with the way past the limit; no toast repeats it.
    expect(await page.getByText('Creation failed').count()).toBe(0);
    const upgrade = dialog(page).getByRole('link', { name: 'Upgrade to Pro' });
    expect(await upgrade.getAttribute('href')).toBe('/pricing');
    await expect
      .poll(() => dialog(page).getByRole('button', { name: 'Add Keywords' }).isEnabled())
      .toBe(true);
  });

  test('Manage Keywords filters and sorts on the client', async () => {
    const page = await signedInPage();
    const alerts = [
      { keyword: 'stripe', subreddits: 'saas,startups', digestFrequency: 'email' },
      { keyword: 'paddle', subreddits: 'saas', isActive: false },
      { keyword: 'notion template*', subreddits: 'productivity', digestFrequency: 'email' },
      { keyword: '"customer support"', isActive: false, digestFrequency: 'email' },
      { keyword: 'zendesk', subreddits: 'startups', isActive: false },
      { keyword: 'acme', isActive: false },
      { keyword: 'obsidian', subreddits: 'pkms', isActive: false, digestFrequency: 'email' },
      { keyword: 'helpdesk', subreddits: 'sysadmin' },
    ];
    for (const alert of alerts) {
      expect((await apiCall('POST', '/api/alerts', alert)).status).toBe(201);
      await new Promise((r) => setTimeout(r, 15)); // distinct updatedAt values
    }
    await page.goto(`${suite.server.url}/alerts`);
    const list = page.getByRole('list', { name: 'Keywords' });
    const cards = list.getByRole('article');
    const order = async () => (await cards.all()).map((card) => card.getAttribute('aria-label'));
    const names = async () => Promise.all(await order());

    // Default: newest update first, and no active-filter row.
    await expect.poll(() => cards.count()).toBe(8);
    expect(await names()).toEqual([...alerts].reverse().map((a) => a.keyword));
    await expect.poll(() => page.getByRole('group', { name: 'Active filters' }).count()).toBe(0);
    await expect
      .poll(() => page.getByRole('button', { name: 'Reset', exact: true }).count())
      .toBe(0);

    // Search: keyword and subreddits, case-insensitive; the checkbox narrows it to keywords.
    const search = page.getByRole('searchbox', { name: 'Search keywords or subreddits' });
    await search.fill('SAAS');
    await expect.poll(() => cards.count()).toBe(2);
    await expect
      .poll(() => text(page.getByRole('group', { name: 'Active filters' })))
      .toContain('2 results');
    await page.getByRole('checkbox', { name: 'Include subreddits in search' }).uncheck();
    await expect.poll(() => cards.count()).toBe(0);
    await visible(page.getByText('No keywords match your filters'));
    await page.getByRole('checkbox', { name: 'Include subreddits in search' }).check();
    await search.fill('');

    // Status and notification filters.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await expect.poll(() => cards.count()).toBe(5);
    await page.getByRole('combobox', { name: 'Notification' }).click();
    await page.getByRole('option', { name: 'Dashboard + Email' }).click();
    await expect.poll(() => cards.count()).toBe(2);
    expect((await names()).sort()).toEqual(['"customer support"', 'obsidian']);
    const chips = page.getByRole('group', { name: 'Active filters' });
    await expect.poll(() => text(chips)).toContain('Status: Inactive');
    await expect.poll(() => text(chips)).toContain('Notification: Dashboard + Email');
    await expect.poll(() => text(chips)).toContain('2 results');
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect.poll(() => cards.count()).toBe(8);
    await expect.poll(() => chips.count()).toBe(0);

    // Advanced Filters: a new field starts ascending, the same field again reverses.
    await page.getByRole('button', { name: 'Advanced Filters' }).click();
    await dialog(page)
      .getByRole('button', { name: /^Keyword/ })
      .click();
    await expect
      .poll(() => text(dialog(page).getByRole('button', { name: /^Keyword/ })))
      .toContain('A-Z');
    await dialog(page).getByRole('button', { name: 'Last 7 days' }).click();
    await dialog(page).getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    // A leading quote does not count: "customer support" sorts under c.
    const sortedAsc = [
      'acme',
      '"customer support"',
      'helpdesk',
      'notion template*',
      'obsidian',
      'paddle',
      'stripe',
      'zendesk',
    ];
    expect(await names()).toEqual(sortedAsc);
    await expect.poll(() => text(chips)).toContain('Sort: Keyword (A-Z)');
    await expect.poll(() => text(chips)).toContain('Created after');
    await expect.poll(() => text(chips)).toContain('8 results');

    await page.getByRole('button', { name: 'Advanced Filters' }).click();
    await dialog(page)
      .getByRole('button', { name: /^Keyword/ })
      .click();
    await expect
      .poll(() => text(dialog(page).getByRole('button', { name: /^Keyword/ })))
      .toContain('Z-A');
    await dialog(page).getByRole('button', { name: 'Clear date' }).click();
    await dialog(page).getByRole('button', { name: 'Apply Filters' }).click();
    expect(await names()).toEqual([...sortedAsc].reverse());
    await expect.poll(() => text(chips)).not.toContain('Created after');

    await page.getByRole('button', { name: 'Advanced Filters' }).click();
    await dialog(page)
      .getByRole('button', { name: /^Created date/ })
      .click();
    await dialog(page).getByRole('button', { name: 'Apply Filters' }).click();
    expect(await names()).toEqual(alerts.map((a) => a.keyword));
    await expect.poll(() => text(chips)).toContain('Sort: Created date (Oldest)');

    await page.getByRole('button', { name: 'Advanced Filters' }).click();
    await dialog(page).getByRole('button', { name: 'Reset All Filters' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => chips.count()).toBe(0);
    expect(await names()).toEqual([...alerts].reverse().map((a) => a.keyword));

    // Row actions work from the cards too. Free allows 3 active keywords: resuming a 4th fails.
    expectForbidden();
    await openRowMenu(page, 'acme');
    await page.getByRole('menuitem', { name: 'Resume Alerts' }).click();
    await visible(page.getByText('Error updating alert'));
    await visible(page.getByText('Free plan allows 3 active keywords', { exact: false }));
    const before = await names();
    await openRowMenu(page, 'stripe');
    await page.getByRole('menuitem', { name: 'Pause Alerts' }).click();
    await visible(page.getByText('Alert "stripe" is now paused.'));
    await expect
      .poll(() => text(page.getByRole('article', { name: 'stripe' })))
      .toContain('Paused');
    // Its update makes it the newest, yet the card stays where it was until the next sort.
    expect(await names()).toEqual(before);
    await openRowMenu(page, 'acme');
    await page.getByRole('menuitem', { name: 'Resume Alerts' }).click();
    await visible(page.getByText('Alert "acme" is now active.'));
    await expect.poll(() => text(page.getByRole('article', { name: 'acme' }))).toContain('Active');
  });

  test('on a phone the dashboard lists keywords as cards', async () => {
    const page = await signedInPage(PHONE);
    expect(
      (await apiCall('POST', '/api/alerts', { keyword: 'stripe', subreddits: 'saas' })).status,
    ).toBe(201);
    await page.goto(`${suite.server.url}/dashboard`);
    const card = page.getByRole('article', { name: 'stripe' });
    await expect.poll(() => text(card)).toContain('r/saas');
    await expect.poll(() => text(card)).toContain('Active');
    await expect.poll(() => page.getByRole('table').count()).toBe(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
