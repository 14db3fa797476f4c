import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { startFakeHackerNews, type FakeHackerNews } from '../test/fakes/hackernews/server';
import { startFakeJetstream, type FakeJetstream } from '../test/fakes/jetstream/server';
import { DESKTOP, PHONE, registerThroughApi } from './support/browser';
import { submit, text, visible } from './support/locators';
import { axeViolations, readyForChecks, settle } from './support/page-checks';
import { useBrowserSuite } from './support/suite';
import { uniqueTag } from './support/unique-tag';
import { shot } from './support/shots';

// Every site on: Hacker News and Bluesky are loopback fakes speaking their real protocols,
// Lobsters a closed loopback port. No test reaches the real sites.
let hn: FakeHackerNews | undefined;
let jetstream: FakeJetstream | undefined;
const suite = useBrowserSuite('sites', {
  env: async () => {
    hn = await startFakeHackerNews();
    jetstream = await startFakeJetstream();
    return {
      SOURCES: 'reddit,hackernews,lobsters,bluesky',
      HN_API_BASE: hn.url,
      LOBSTERS_BASE: 'http://127.0.0.1:9',
      BLUESKY_JETSTREAM_URL: jetstream.url,
    };
  },
});
afterAll(async () => {
  await hn?.stop();
  await jetstream?.stop();
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
    await submit(dialog(page).getByRole('button', { name: 'Add Keywords' }));
    await visible(dialog(page).getByText('Choose at least one site'));
    expect(await alertsOfUser()).toEqual([]);
    await site(page, 'Hacker News').check();
    await site(page, 'Bluesky').check();
    await subreddits.fill('SaaS');
    await expect.poll(() => ticked(page)).toEqual(['Hacker News', 'Bluesky']);
    await submit(dialog(page).getByRole('button', { name: 'Add Keywords' }));
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
    await submit(dialog(page).getByRole('button', { name: 'Update Keywords' }));
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
    await shot(page, `sites-dialog-${name}`, { fullPage: false });
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

  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    '%s: cards name their site and link to it; the page passes axe',
    async (name, viewport) => {
      const page = await signedInPage(viewport);
      const session = suite.session!;
      const keyword = `cards${uniqueTag()}`;
      const created = await session.context.request.post(`${suite.server.url}/api/alerts`, {
        data: { keyword },
        headers: { Origin: suite.server.url },
      });
      expect(created.status()).toBe(201);
      // Hacker News has been read once (a first read only says where reading starts) and the
      // Jetstream connection is open: what comes next is heard.
      await expect
        .poll(
          async () => {
            const res = await session.context.request.get(
              `${suite.server.url}/api/ingestion/status`,
            );
            const body = (await res.json()) as { sources: { source: string; state: string }[] };
            return body.sources.filter(
              (s) => ['hackernews', 'bluesky'].includes(s.source) && s.state === 'ok',
            ).length;
          },
          { timeout: 30_000 },
        )
        .toBe(2);
      hn!.addStory({ title: `Show HN: ${keyword} for small teams`, by: 'pg', score: 12 });
      jetstream!.identity('did:plc:e2ealice', 'alice.bsky.social');
      jetstream!.post('did:plc:e2ealice', `Has anyone tried ${keyword}?`);

      await readyForChecks(page);
      await page.goto(`${suite.server.url}/dashboard`);
      const hnLink = page.getByRole('link', { name: 'Open on Hacker News' }).first();
      const bskyLink = page.getByRole('link', { name: 'Open on Bluesky' }).first();
      await visible(hnLink, 30_000);
      await visible(bskyLink, 30_000);
      expect(await hnLink.getAttribute('href')).toMatch(
        /^https:\/\/news\.ycombinator\.com\/item\?id=\d+$/,
      );
      expect(await bskyLink.getAttribute('href')).toMatch(
        /^https:\/\/bsky\.app\/profile\/did:plc:e2ealice\/post\//,
      );
      await visible(page.getByText('Bluesky · @alice.bsky.social').first());
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `sites-cards-${name}`);
    },
  );
});
