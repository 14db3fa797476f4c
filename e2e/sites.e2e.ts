import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, registerThroughApi } from './support/browser';
import { text, visible } from './support/locators';
import { axeViolations, readyForChecks, settle } from './support/page-checks';
import { useBrowserSuite } from './support/suite';
import { uniqueTag } from './support/unique-tag';

// Every site on, the open ones at a closed loopback port: the UI shows a box for each, and no
// test reaches the real Hacker News, Lobsters or Bluesky.
const suite = useBrowserSuite('sites', {
  env: () => ({
    SOURCES: 'reddit,hackernews,lobsters,bluesky',
    HN_API_BASE: 'http://127.0.0.1:9',
    LOBSTERS_BASE: 'http://127.0.0.1:9',
    BLUESKY_JETSTREAM_URL: 'ws://127.0.0.1:9/subscribe',
  }),
});

async function signedInPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const session = await suite.open(viewport);
  await registerThroughApi(session.context, suite.server.url);
  return session.page;
}

async function alertsOfUser() {
  const session = suite.session;
  if (!session) throw new Error('no browser session');
  const res = await session.context.request.get(`${suite.server.url}/api/alerts`);
  return (await res.json()) as { keyword: string; sources: string[] }[];
}

const dialog = (page: Page) => page.getByRole('dialog');
const site = (page: Page, name: string) => dialog(page).getByRole('checkbox', { name });
const ticked = async (page: Page) => {
  const names = ['Reddit', 'Hacker News', 'Lobsters', 'Bluesky'];
  const states = await Promise.all(names.map((name) => site(page, name).isChecked()));
  return names.filter((_, i) => states[i]);
};

describe.skipIf(!suite.enabled)('the sites a keyword listens to', () => {
  test('the dialog follows the subreddits until a box is touched, keeps one, and sends them', async () => {
    const page = await signedInPage();
    const keyword = `sites${uniqueTag()}`;
    await page.goto(`${suite.server.url}/dashboard`);
    await page.getByRole('button', { name: 'Add Keyword', exact: true }).click();
    await dialog(page).getByRole('textbox', { name: 'Keyword' }).fill(keyword);

    // Untouched: every site; named subreddits: Reddit alone; none again: every site.
    await expect.poll(() => ticked(page)).toEqual(['Reddit', 'Hacker News', 'Lobsters', 'Bluesky']);
    const subreddits = dialog(page).getByRole('textbox', { name: 'Subreddits' });
    await subreddits.fill('SaaS');
    await expect.poll(() => ticked(page)).toEqual(['Reddit']);
    await subreddits.fill('');
    await expect.poll(() => ticked(page)).toEqual(['Reddit', 'Hacker News', 'Lobsters', 'Bluesky']);

    // The minimum score says which sites give no score.
    await dialog(page).getByRole('button', { name: 'Advanced Options' }).click();
    await visible(dialog(page).getByText(/Bluesky posts and Hacker News comments have no score/));

    // Touched: the pick stays, whatever the subreddits; none left is refused before submit.
    for (const name of ['Reddit', 'Hacker News', 'Lobsters', 'Bluesky']) {
      await site(page, name).uncheck();
    }
    await visible(dialog(page).getByText('Choose at least one site'));
    await dialog(page).getByRole('button', { name: 'Add Keywords' }).click();
    await visible(dialog(page).getByText('Choose at least one site'));
    expect(await alertsOfUser()).toEqual([]);
    await site(page, 'Hacker News').check();
    await site(page, 'Bluesky').check();
    await subreddits.fill('SaaS');
    await expect.poll(() => ticked(page)).toEqual(['Hacker News', 'Bluesky']);
    await dialog(page).getByRole('button', { name: 'Add Keywords' }).click();
    await visible(page.getByText('Your new alert has been created successfully.'));
    expect((await alertsOfUser()).map((a) => a.sources)).toEqual([['hackernews', 'bluesky']]);
    // The keywords table says where it listens: no subreddit, two sites.
    const row = page.getByRole('row', { name: new RegExp(keyword) });
    await expect.poll(() => text(row)).toContain('On Hacker News and Bluesky only');
    expect(await text(row)).not.toContain('All subreddits');

    // Editing shows the stored sites, and sends the new pick.
    await page.getByRole('button', { name: `Actions for "${keyword}"` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await visible(dialog(page).getByText('Edit Alert'));
    await expect.poll(() => ticked(page)).toEqual(['Hacker News', 'Bluesky']);
    await site(page, 'Lobsters').check();
    await dialog(page).getByRole('button', { name: 'Update Keywords' }).click();
    await visible(page.getByText('Your alert has been updated successfully.'));
    expect((await alertsOfUser()).map((a) => a.sources)).toEqual([
      ['hackernews', 'lobsters', 'bluesky'],
    ]);
    await expect.poll(() => text(row)).toContain('On Hacker News, Lobsters and Bluesky only');
  });

  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('%s: the dialog with its Sites passes axe and fits', async (name, viewport) => {
    const page = await signedInPage(viewport);
    await readyForChecks(page);
    await page.goto(`${suite.server.url}/dashboard`);
    await page.getByRole('button', { name: 'Add Keyword', exact: true }).click();
    await visible(site(page, 'Bluesky'));
    await dialog(page).getByRole('button', { name: 'Advanced Options' }).click();
    await settle(page);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: `test-results/sites-dialog-${name}.png` });
  });

  test('the Alerts list filters by site in its URL and its CSV export', async () => {
    const page = await signedInPage();
    await page.goto(`${suite.server.url}/mentions?source=hn`);
    const siteFilter = page.getByRole('combobox', { name: 'Site' });
    await expect.poll(() => siteFilter.inputValue()).toBe('Hacker News');
    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    await expect.poll(() => exportLink.getAttribute('href')).toContain('source=hackernews');

    await siteFilter.click();
    await page.getByRole('option', { name: 'Bluesky' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('source')).toBe('bluesky');
    await expect.poll(() => exportLink.getAttribute('href')).toContain('source=bluesky');

    await siteFilter.click();
    await page.getByRole('option', { name: 'All sites' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has('source')).toBe(false);
    expect(await text(page.getByRole('heading', { name: 'Alerts' }))).toBe('Alerts');
  });
});
