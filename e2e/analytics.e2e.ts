import { readFile } from 'node:fs/promises';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Analytics } from '../src/shared/api/analytics';
import type { MentionPage } from '../src/shared/api/mentions';
import { afterAll, describe, expect, test } from 'vitest';
import { startFakeReddit, type FakeReddit } from '../test/fakes/reddit';
import { DESKTOP, PHONE, registerThroughApi } from './support/browser';
import { text, visible } from './support/locators';
import { pageProblems, readyForChecks } from './support/page-checks';
import { fakeRedditEnv } from './support/reddit-env';
import { useBrowserSuite } from './support/suite';
import { uniqueTag } from './support/unique-tag';
import { shot } from './support/shots';

/*
 * The Analytics page (DESIGN §9) at 1280 and 390 px: reached from the navigation, empty for a
 * new user (with the way to keywords), a failed load and its Retry, then with a week of mentions
 * the keywords' past-week search found in the fake Reddit: the figures, the per-day chart's share
 * of voice, each chart's table, the CSV exports and the 7/30/90 periods (kept in the URL). axe
 * checks every view. Screenshots are left in /tmp/analytics-*.png.
 */

let fake: FakeReddit | undefined;
const suite = useBrowserSuite('analytics', {
  env: async () => fakeRedditEnv((fake = await startFakeReddit())),
});
afterAll(async () => fake?.stop());

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** The page's problems (page-checks.ts), named after the view and the width. */
async function checkPage(page: Page, view: string) {
  expect(await pageProblems(page), `${view} at ${page.viewportSize()?.width} px`).toEqual([]);
}

/** Opens Analytics the way a person does: the sidebar on a desktop, the tab bar on a phone. */
async function openFromNavigation(page: Page, phone: boolean) {
  await page.goto(`${suite.server.url}/dashboard`);
  const nav = page.getByRole('navigation', { name: phone ? 'Tabs' : 'Main' });
  const link = nav.getByRole('link', { name: 'Analytics' });
  await link.click();
  await page.waitForURL((url) => url.pathname === '/analytics');
  await visible(page.getByRole('heading', { name: 'Analytics', level: 1 }));
  expect(await link.getAttribute('aria-current')).toBe('page');
}

/** Picks a period in the page's control and waits for its figures. */
async function choosePeriod(page: Page, days: 7 | 30 | 90, shownWhenLoaded: Locator) {
  await page.getByRole('radiogroup', { name: 'Period' }).getByText(`${days} days`).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('days')).toBe(String(days));
  await visible(shownWhenLoaded);
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

/** Clicks an Export CSV button and reads the file the browser saved. */
async function exportCsv(page: Page, section: Locator) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: /^Export CSV/ }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), body: await readFile(path, 'utf8') };
}

const get = async <T>(context: BrowserContext, path: string): Promise<T> => {
  const res = await context.request.get(`${suite.server.url}${path}`);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
};

/**
 * Two keywords with a week of posts: eight posts over six days, five in r/SaaS and three in
 * r/startups, by five authors; alpha matches six, beta three, one matches both. Added to the
 * fake Reddit before the keywords exist, they come in through each keyword's past-week search.
 * One is marked replied.
 */
async function seedWeek(context: BrowserContext) {
  const { url } = suite.server;
  const tag = uniqueTag();
  const alpha = `alpha${tag}`;
  const beta = `beta${tag}`;
  const now = Date.now();
  const posts = [
    { ago: 5 * DAY, title: `Has anyone used ${alpha}?`, subreddit: 'startups', author: 'alice' },
    { ago: 4 * DAY, title: `${alpha} pricing`, subreddit: 'SaaS', author: 'carol' },
    { ago: 3 * DAY, title: `${beta} review`, subreddit: 'SaaS', author: 'bob' },
    { ago: 2 * DAY, title: `${alpha} or ${beta}?`, subreddit: 'startups', author: 'bob' },
    { ago: 1 * DAY, title: `Moving to ${alpha}`, subreddit: 'SaaS', author: 'alice' },
    { ago: 6 * HOUR, title: `${alpha} for a team of three`, subreddit: 'startups', author: 'erin' },
    { ago: 3 * HOUR, title: `${beta} is slow today`, subreddit: 'SaaS', author: 'dave' },
    { ago: 1 * HOUR, title: `Why ${alpha}`, subreddit: 'SaaS', author: 'alice' },
  ];
  for (const post of posts) {
    fake!.addPost({
      subreddit: post.subreddit,
      title: post.title,
      author: post.author,
      createdMs: now - post.ago,
    });
  }
  for (const keyword of [alpha, beta]) {
    const res = await context.request.post(`${url}/api/alerts`, {
      data: { keyword },
      headers: { Origin: url },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await expect
    .poll(async () => (await get<MentionPage>(context, '/api/mentions?limit=50')).items.length, {
      timeout: 40_000,
      interval: 500,
    })
    .toBe(posts.length);
  // The newest post answered by hand: a reply rate of 1 in 8.
  const newest = (await get<MentionPage>(context, '/api/mentions?limit=1')).items[0];
  const replied = await context.request.put(`${url}/api/mentions/${newest.id}/replied`, {
    data: { hasReplied: true },
    headers: { Origin: url },
  });
  expect(replied.status()).toBe(200);
  return { alpha, beta };
}

const lines = (csv: string) =>
  csv
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .slice(0, -1);

describe.skipIf(!suite.enabled)('the Analytics page', () => {
  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'on a %s: reached from the navigation, empty for a new user, with the way to keywords',
    async (_, viewport) => {
      const { page, context } = await suite.open(viewport);
      await readyForChecks(page);
      await registerThroughApi(context, suite.server.url);
      await openFromNavigation(page, viewport.width < 768);

      const { timezone } = await get<Analytics>(context, '/api/analytics?days=30');
      await visible(page.getByText('No mentions in the last 30 days'));
      await visible(page.getByText(`Days in ${timezone}`, { exact: false }));
      const add = page.getByRole('link', { name: 'Add keywords' });
      expect(await add.getAttribute('href')).toBe('/alerts');
      await checkPage(page, 'empty, 30 days');
      await shot(page, 'analytics-empty');

      await choosePeriod(page, 7, page.getByText('No mentions in the last 7 days'));
      await checkPage(page, 'empty, 7 days');
      // The period is the URL's: a reload keeps it.
      await page.reload();
      await visible(page.getByText('No mentions in the last 7 days'));

      // A failed load says what failed and offers Retry, which loads it.
      const session = suite.session!;
      session.expectError({ text: /status of 503/, url: /\/api\/analytics/ });
      await page.route('**/api/analytics?days=90', (route) =>
        route.fulfill({ status: 503, json: { message: 'Analytics are resting' } }),
      );
      await page.getByRole('radiogroup', { name: 'Period' }).getByText('90 days').click();
      const failed = page.getByRole('alert').filter({ hasText: 'Could not load the analytics' });
      await visible(failed.getByText('Analytics are resting'));
      await checkPage(page, 'failed load');
      await shot(page, 'analytics-error');
      await page.unroute('**/api/analytics?days=90');
      await failed.getByRole('button', { name: 'Retry' }).click();
      await visible(page.getByText('No mentions in the last 90 days'));

      await add.click();
      await page.waitForURL((url) => url.pathname === '/alerts');
    },
  );

  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'on a %s: a week of mentions as figures, charts and tables, exported as CSV, over 7, 30 and 90 days',
    async (_, viewport) => {
      const { page, context } = await suite.open(viewport);
      await readyForChecks(page);
      await registerThroughApi(context, suite.server.url);
      const phone = viewport.width < 768;
      const { alpha, beta } = await seedWeek(context);

      await openFromNavigation(page, phone);
      expect(new URL(page.url()).searchParams.get('days')).toBeNull();

      // The figures: 8 mentions, 1 replied (13%), a median time to reply, no reply seen yet.
      const figure = (label: string) => page.getByRole('group', { name: label, exact: true });
      await visible(figure('Mentions').getByText('8', { exact: true }));
      expect(await text(figure('Mentions'))).toContain('in the last 30 days');
      expect(await text(figure('Reply rate'))).toContain('13%');
      expect(await text(figure('Reply rate'))).toContain('1 replied of 8 mentions');
      expect(await text(figure('Time to first reply'))).toMatch(/\d+ (min|h)/);
      expect(await text(figure('Replies seen'))).toContain('0');

      // Per day by keyword: alpha has 6 of the 9 keyword matches, beta 3.
      const perDay = page.getByRole('region', { name: 'Mentions per day by keyword' });
      const share = perDay.getByRole('list', { name: 'Share of voice' });
      await expect.poll(() => text(share)).toContain(`${alpha}67%`);
      expect(await text(share)).toContain(`${beta}33%`);
      const bars = (section: Locator) => section.locator('path.recharts-rectangle').count();
      await expect.poll(() => bars(perDay)).toBeGreaterThan(0);

      const bySite = page.getByRole('region', { name: 'By site' });
      await expect.poll(() => bars(bySite)).toBe(1);
      const communities = page.getByRole('region', { name: 'Top communities' });
      const authors = page.getByRole('region', { name: 'Top authors' });
      const tableOf = (section: Locator, name: string) =>
        section.getByRole(phone ? 'list' : 'table', { name });
      const communityTable = tableOf(communities, 'Top communities');
      expect(await text(communityTable)).toMatch(/r\/SaaS.*Reddit.*5.*r\/startups.*Reddit.*3/s);
      const authorTable = tableOf(authors, 'Top authors');
      expect(await text(authorTable)).toMatch(/u\/alice.*Reddit.*3/s);
      await checkPage(page, 'with data, 30 days');
      await shot(page, 'analytics-data');

      // Each chart's table: a caption, a row per day, days in the user's time zone.
      await perDay.getByRole('button', { name: 'Show as table' }).click();
      const dayTable = tableOf(perDay, 'Mentions per day by keyword');
      await visible(dayTable);
      if (!phone) {
        expect(await dayTable.locator('caption').textContent()).toMatch(/days in /);
        expect(await dayTable.getByRole('rowheader').count()).toBe(30);
        expect(await dayTable.getByRole('columnheader').allTextContents()).toEqual([
          'Day',
          alpha,
          beta,
          'Total',
        ]);
      } else {
        expect(await dayTable.getByRole('listitem').count()).toBe(30);
      }
      await bySite.getByRole('button', { name: 'Show as table' }).click();
      expect(await text(tableOf(bySite, 'Mentions by site'))).toMatch(/Reddit.*8.*100%/s);
      await checkPage(page, 'tables, 30 days');
      await shot(page, 'analytics-tables');

      // The exports: the table as shown, named after it and the period.
      const days30 = await exportCsv(page, perDay);
      expect(days30.name).toBe('earshot-analytics-per-day-30d.csv');
      const rows30 = lines(days30.body);
      expect(rows30[0]).toBe(`Day,${alpha},${beta},Total`);
      expect(rows30).toHaveLength(31);
      const totals = rows30.slice(1).map((row) => Number(row.split(',')[3]));
      expect(totals.reduce((a, b) => a + b, 0)).toBe(9);
      const authorsCsv = await exportCsv(page, authors);
      expect(authorsCsv.name).toBe('earshot-analytics-top-authors-30d.csv');
      expect(lines(authorsCsv.body)).toEqual([
        'Author,Site,Mentions',
        'u/alice,Reddit,3',
        'u/bob,Reddit,2',
        expect.stringMatching(/^u\/(carol|dave|erin),Reddit,1$/),
        expect.stringMatching(/^u\/(carol|dave|erin),Reddit,1$/),
        expect.stringMatching(/^u\/(carol|dave|erin),Reddit,1$/),
      ]);
      expect((await exportCsv(page, communities)).name).toBe(
        'earshot-analytics-top-communities-30d.csv',
      );
      expect((await exportCsv(page, bySite)).name).toBe('earshot-analytics-by-site-30d.csv');

      // 7 days: the same week; a row per day in the table and the file.
      await choosePeriod(page, 7, figure('Mentions').getByText('in the last 7 days'));
      expect(await text(figure('Mentions'))).toContain('8');
      const days7 = await exportCsv(page, perDay);
      expect(days7.name).toBe('earshot-analytics-per-day-7d.csv');
      expect(lines(days7.body)).toHaveLength(8);
      await expect.poll(() => dayTable.getByRole(phone ? 'listitem' : 'rowheader').count()).toBe(7);
      await checkPage(page, 'tables, 7 days');

      // 90 days, kept across a reload.
      await choosePeriod(page, 90, figure('Mentions').getByText('in the last 90 days'));
      await page.reload();
      await visible(figure('Mentions').getByText('in the last 90 days'));
      expect(new URL(page.url()).searchParams.get('days')).toBe('90');
      expect(lines((await exportCsv(page, perDay)).body)).toHaveLength(91);
      await checkPage(page, 'chart, 90 days');
      await shot(page, 'analytics-data-90');
    },
    120_000,
  );
});
