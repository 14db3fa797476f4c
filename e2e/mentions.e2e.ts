import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { startFakeReddit, type FakeReddit } from '../test/fakes/reddit';
import { DESKTOP, PHONE, registerThroughApi } from './support/browser';
import { fakeRedditEnv } from './support/reddit-env';
import { flip, text, visible } from './support/locators';
import { axeViolations, readyForChecks } from './support/page-checks';
import { useBrowserSuite } from './support/suite';
import { shot } from './support/shots';

let fake: FakeReddit | undefined;
const suite = useBrowserSuite('mentions', {
  env: async () => {
    fake = await startFakeReddit();
    return fakeRedditEnv(fake);
  },
});
afterAll(async () => fake?.stop());

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
let tag = 0;
// Item times only move forward across tests: an item older than what a listing already served
// would be a late insertion, read only by the worker's occasional overlap.
let created = Date.now() - 3600_000;

/**
 * A new signed-in user whose alert matches `count` new posts in the fake Reddit (every 4th one
 * in r/startups, the others in r/SaaS), waited for until the worker stored them all.
 */
async function userWithMentions(viewport: typeof DESKTOP | typeof PHONE, count: number) {
  const session = await suite.open(viewport);
  const { url } = suite.server;
  const { page } = session;
  // Opening a mention on Reddit opens a tab there: answer it here instead of the internet.
  await session.context.route('https://www.reddit.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Reddit</title>' }),
  );
  await registerThroughApi(session.context, url);
  if (count > 50) {
    // Free stores 50 mentions a month: a longer list needs Pro (the built-in test checkout).
    await page.goto(`${url}/pricing`);
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.getByRole('button', { name: 'Pay $14.99' }).click();
    await page.waitForURL(/\/settings\?tab=subscription/);
  }
  const keyword = `zendesk${++tag}x`;
  const res = await session.context.request.post(`${url}/api/alerts`, {
    data: { keyword },
    headers: { Origin: url },
  });
  expect(res.status()).toBe(201);
  const alertId = (await res.json()).id;
  // Posts are added once a listing has been read with the alert known ("Checked").
  await expect
    .poll(
      async () => {
        const alerts = await (await session.context.request.get(`${url}/api/alerts`)).json();
        return alerts.find((a: { id: number }) => a.id === alertId)?.lastPolledAt ?? null;
      },
      { timeout: 20_000, interval: 500 },
    )
    .not.toBeNull();
  for (let i = 0; i < count; i++) {
    if (i === 1) {
      // One comment, shown under the title of the post it answers.
      fake!.addComment({
        subreddit: 'SaaS',
        linkTitle: 'Which help desk for a team of three?',
        body: `Comment ${i}: we moved to ${keyword} last year.`,
        score: 1000 + i,
        createdMs: (created += 1000),
      });
      continue;
    }
    fake!.addPost({
      subreddit: i % 4 === 0 ? 'startups' : 'SaaS',
      title: `Post ${i}: is ${keyword.toUpperCase()} worth it?`,
      selftext:
        i === count - 1
          ? `${'Long story about support tools. '.repeat(12)}We chose <b>${keyword}</b> <script>alert("x")</script> and [read the docs](https://example.com/docs).`
          : `We compare ${keyword} with a shared inbox.`,
      score: 1000 + i,
      createdMs: (created += 1000),
    });
  }
  await expect
    .poll(
      async () => {
        const page = await session.context.request.get(`${url}/api/mentions?limit=200`);
        return (await page.json()).items.length;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(count);
  return { session, keyword, page, url };
}

describe.skipIf(!suite.enabled)('mentions in the browser', () => {
  test('the dashboard shows the newest 5, Load More refreshes, Replied moves the stat, opened ones dim', async () => {
    const { page, url, keyword } = await userWithMentions(DESKTOP, 7);
    await readyForChecks(page);
    await page.goto(`${url}/dashboard`);
    const latest = page.getByRole('region', { name: 'Latest discussions matching your keywords' });
    await visible(latest.getByRole('article'));
    expect(await latest.getByRole('article').count()).toBe(5);
    // Newest first, the match highlighted whole, score locale-formatted, Reddit HTML inert.
    const first = latest.getByRole('article').first();
    expect(await first.getByRole('link').first().innerText()).toContain('Post 6');
    expect(await first.locator('mark').first().innerText()).toBe(keyword.toUpperCase());
    expect(await first.innerText()).toContain('1,006');
    expect(await first.innerText()).toContain('<script>alert("x")</script>');
    expect(await first.innerText()).toContain('read the docs');
    expect(await first.innerText()).not.toContain('https://example.com/docs');
    expect(await page.evaluate(() => (window as { x?: unknown }).x)).toBeUndefined();

    // Why it matched: the keyword's term, where it was found, and the rule that held.
    const why = first.getByRole('button', { name: 'Why it matched' });
    expect(await why.getAttribute('aria-expanded')).toBe('false');
    await why.click();
    expect(await why.getAttribute('aria-expanded')).toBe('true');
    await expect
      .poll(() => text(first))
      .toContain(`${keyword} in the title and the text. Rule that held: ${keyword}`);
    await shot(first, 'mention-why-matched');

    await latest.getByRole('button', { name: 'Load More' }).click();
    await visible(page.getByText('Checking for new mentions of your keywords.'));
    // Its result is visible: nothing new arrived, and the card list says so.
    await visible(latest.getByRole('status').getByText(/^No new mentions \(checked at /));
    expect(await latest.getByRole('link', { name: 'See all mentions' }).getAttribute('href')).toBe(
      '/mentions',
    );

    const replies = page.getByLabel('Replies', { exact: true });
    await expect.poll(() => replies.innerText()).toMatch(/^Replies[\s\S]*\n0\s/);
    await flip(first.getByRole('switch', { name: 'Replied' }));
    await expect.poll(() => replies.innerText()).toMatch(/^Replies[\s\S]*\n1\s/);
    expect(await first.getByRole('switch', { name: 'Replied' }).isChecked()).toBe(true);

    const second = latest.getByRole('article').nth(1);
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      second.getByRole('link', { name: /Open on Reddit/ }).click(),
    ]);
    await tab.close();
    await expect.poll(() => second.getAttribute('data-read')).toBe('true');
    // Dimmed by colour, and still readable (WCAG AA): the page's grey behind, a grey title.
    const look = await second.evaluate((el) => ({
      background: getComputedStyle(el).backgroundColor,
      title: getComputedStyle(el.querySelector('a')!).color,
    }));
    const firstTitle = await first.evaluate((el) => getComputedStyle(el.querySelector('a')!).color);
    expect(look.background).not.toBe('rgb(255, 255, 255)');
    expect(look.title).not.toBe(firstTitle);
    expect(await axeViolations(page, 'article[data-read]')).toEqual([]);
    await visible(
      page
        .getByRole('img', { name: 'Mentions per day by keyword' })
        .or(page.locator('.recharts-surface')),
    );
    await shot(page, 'mentions-dashboard');
  });

  test('/mentions filters on the server, keeps them in the URL, and scrolls to the end', async () => {
    const { page, url } = await userWithMentions(DESKTOP, 57);
    await page.goto(`${url}/mentions`);
    const items = page.getByRole('article');
    await visible(items);
    expect(await items.count()).toBe(50);
    // Scrolled to the last card, the list's bottom comes within its margin: the next page loads.
    await items.last().scrollIntoViewIfNeeded();
    await visible(page.getByText('End of the list · 57 alerts'));
    expect(await items.count()).toBe(57);

    await page.getByPlaceholder('Filter by subreddit...').fill('START');
    await page.waitForURL(/subreddit=START/);
    await expect.poll(() => items.count()).toBe(15);
    await visible(page.getByText('End of the list · 15 alerts'));

    // Reply to one, then show only the replied ones; the filtered view survives a reload.
    await flip(items.first().getByRole('switch', { name: 'Replied' }));
    await expect.poll(() => items.first().getByRole('switch').isChecked()).toBe(true);
    await page.getByText('Replied', { exact: true }).first().click();
    await page.waitForURL(/replied=true/);
    await expect.poll(() => items.count()).toBe(1);
    await page.reload();
    await visible(items);
    expect(await items.count()).toBe(1);
    expect(await page.getByPlaceholder('Filter by subreddit...').inputValue()).toBe('START');

    const exportHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(exportHref).toBe('/api/mentions/export.csv?subreddit=START&replied=true');
    const csv = await page.context().request.get(`${url}${exportHref}`);
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(2);

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => page.url()).toBe(`${url}/mentions`);
    await expect.poll(() => items.count()).toBe(50);
    await shot(page, 'mentions-list', { fullPage: false });

    // A bookmarked day filter: nothing from that day on yet, and the picker shows the day.
    await page.goto(`${url}/mentions?since=2099-01-01`);
    await visible(page.getByText('No alerts match these filters'));
    expect(await page.getByRole('button', { name: 'Filter by date' }).innerText()).toContain(
      'Jan 1, 2099',
    );
  }, 120_000);

  test('a new user sees the empty states', async () => {
    const session = await suite.open(DESKTOP);
    const { url } = suite.server;
    await registerThroughApi(session.context, url);
    await session.page.goto(`${url}/mentions`);
    await visible(session.page.getByText('No alerts found yet'));
    await session.page.getByRole('link', { name: 'Create Keywords' }).click();
    await session.page.waitForURL(/\/alerts$/);
    await session.page.goto(`${url}/dashboard`);
    await visible(
      session.page.getByText(
        /^No alerts found yet\. Create keywords to start tracking mentions on /,
      ),
    );
    await visible(session.page.getByText(/No mentions in the last 30 days yet/));
  });

  test('the phone layout fits 390 px on the dashboard and the list', async () => {
    const { page, url } = await userWithMentions(PHONE, 6);
    await page.goto(`${url}/dashboard`);
    await visible(page.getByRole('article'));
    const comment = page.getByRole('article', { name: 'Comment in r/SaaS' });
    expect(await comment.getByRole('link').first().innerText()).toBe(
      'Comment on Which help desk for a team of three?',
    );
    await visible(page.locator('.recharts-surface'));
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, 'mentions-dashboard');
    await page.goto(`${url}/mentions`);
    await visible(page.getByRole('article'));
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, 'mentions-list');
  });
});
