import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeReddit, type FakeReddit } from '../test/fakes/reddit';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  openSession,
  registerThroughApi,
  shouldRunBrowserTests,
  type BrowserSession,
} from './support/browser';
import { fakeRedditEnv } from './support/reddit-env';
import { startServer, type RunningServer } from './support/server';

const enabled = shouldRunBrowserTests('ingestion');
const visible = (locator: Locator) =>
  locator.first().waitFor({ state: 'visible', timeout: 20_000 });
const text = async (locator: Locator) => (await locator.allTextContents()).join('\n');

describe.skipIf(!enabled)('monitoring Reddit, seen from the dashboard', () => {
  let fake: FakeReddit;
  let server: RunningServer;
  let refused: RunningServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  const sessions: BrowserSession[] = [];

  beforeAll(async () => {
    fake = await startFakeReddit();
    const reddit = fakeRedditEnv(fake);
    server = await startServer(reddit);
    refused = await startServer({ ...reddit, REDDIT_CLIENT_SECRET: 'wrong-secret' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await Promise.all(sessions.map((s) => s.close()));
    await browser?.close();
    await server?.stop();
    await refused?.stop();
    await fake?.stop();
  });

  async function dashboard(url: string, viewport: typeof DESKTOP | typeof PHONE): Promise<Page> {
    const session = await openSession(browser, viewport);
    sessions.push(session);
    await registerThroughApi(session.context, url);
    const res = await session.context.request.post(`${url}/api/alerts`, {
      data: { keyword: 'zendesk' },
      headers: { Origin: url },
    });
    expect(res.status()).toBe(201);
    await session.page.goto(`${url}/dashboard`);
    return session.page;
  }

  test('matching posts raise Total Alerts within seconds; the health line says what is monitored', async () => {
    const page = await dashboard(server.url, DESKTOP);
    const health = page.getByRole('status', { name: 'Monitoring status' });
    await expect
      .poll(() => text(health), { timeout: 20_000 })
      .toMatch(/Monitoring 2 listings · last update \d+ s ago · no gaps today/);
    fake.addPost({ subreddit: 'SaaS', title: 'Is Zendesk worth it for a team of 3?' });
    fake.addComment({ subreddit: 'startups', body: 'We left zendesk for a shared inbox.' });
    // innerText: the card's own inline <style> holds digits too.
    await expect
      .poll(() => page.getByLabel('Total Alerts', { exact: true }).innerText(), { timeout: 25_000 })
      .toMatch(/^Total Alerts\s+2\s/);
    // The latest discussions follow the counts, without a click on Load More.
    await visible(page.getByRole('link', { name: /worth it for a team of 3/ }));
    await page.getByRole('button', { name: 'Details' }).click();
    await visible(health.getByText('r/all · new posts'));
    await expect
      .poll(() => text(page.getByRole('row', { name: /zendesk/ })), { timeout: 15_000 })
      .toMatch(/Checked/);
    await page.screenshot({ path: 'test-results/ingestion-dashboard-desktop.png', fullPage: true });
  });

  test('the phone layout shows the same line', async () => {
    const page = await dashboard(server.url, PHONE);
    const health = page.getByRole('status', { name: 'Monitoring status' });
    await expect.poll(() => text(health), { timeout: 20_000 }).toMatch(/Monitoring 2 listings/);
    await visible(page.getByText(/Checked/));
    await page.screenshot({ path: 'test-results/ingestion-dashboard-phone.png', fullPage: true });
  });

  test('refused credentials are named on the dashboard and on the alert', async () => {
    const page = await dashboard(refused.url, DESKTOP);
    const problem = 'Reddit answered 401: check REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET';
    await expect
      .poll(() => text(page.getByRole('status', { name: 'Monitoring status' })), {
        timeout: 25_000,
      })
      .toContain(problem);
    await expect.poll(() => text(page.getByRole('row', { name: /zendesk/ }))).toContain(problem);
    await page.screenshot({ path: 'test-results/ingestion-refused-desktop.png', fullPage: true });
  });
});
