import type { Page } from 'playwright-core';
import type { IngestionStatus } from '../src/shared/api/ingestion';
import { afterAll, describe, expect, test } from 'vitest';
import { startFakeReddit, type FakeReddit } from '../test/fakes/reddit';
import { DESKTOP, PHONE, registerThroughApi } from './support/browser';
import { text, visible } from './support/locators';
import { fakeRedditEnv } from './support/reddit-env';
import { useBrowserSuite } from './support/suite';
import { uniqueTag } from './support/unique-tag';
import { shot } from './support/shots';

let fake: FakeReddit | undefined;
const suite = useBrowserSuite('ingestion', {
  env: async () => fakeRedditEnv((fake = await startFakeReddit())),
  servers: { refused: () => ({ ...fakeRedditEnv(fake!), REDDIT_CLIENT_SECRET: 'wrong-secret' }) },
});
afterAll(async () => fake?.stop());

describe.skipIf(!suite.enabled)('monitoring Reddit, seen from the dashboard', () => {
  /**
   * A new user's dashboard with one alert, on a keyword of its own (zendesk and a tag): a retry's
   * new alert would otherwise find the first attempt's posts (its past week search or the
   * listings) and count them too.
   */
  async function dashboard(url: string, viewport: typeof DESKTOP | typeof PHONE) {
    const session = await suite.open(viewport);
    await registerThroughApi(session.context, url);
    const keyword = `zendesk${uniqueTag()}`;
    const res = await session.context.request.post(`${url}/api/alerts`, {
      data: { keyword },
      headers: { Origin: url },
    });
    expect(res.status()).toBe(201);
    await session.page.goto(`${url}/dashboard`);
    return { page: session.page, keyword };
  }

  /**
   * How many posts the post-id enumeration found that no listing showed, server-wide (24 h), once
   * it has asked for every id up to r/all's cursor: a post a failed first attempt withheld is
   * counted then, not later in this attempt's count.
   */
  async function postsFoundById(page: Page) {
    const postIds = async () => {
      const res = await page.context().request.get(`${suite.server.url}/api/ingestion/status`);
      return ((await res.json()) as IngestionStatus).postIds;
    };
    await expect.poll(async () => (await postIds())?.behindIds ?? 0, { timeout: 15_000 }).toBe(0);
    return (await postIds())?.found24h ?? 0;
  }

  test('matching posts raise Total Alerts within seconds; the health line says what is monitored', async () => {
    const { page, keyword } = await dashboard(suite.server.url, DESKTOP);
    // Titles name the keyword as Reddit users would, capitalised.
    const named = keyword.replace('zendesk', 'Zendesk');
    const health = page.getByRole('status', { name: 'Monitoring status' });
    await expect
      .poll(() => text(health), { timeout: 20_000 })
      .toMatch(/Monitoring 2 listings · last update \d+ s ago · no gaps today/);
    fake!.addPost({ subreddit: 'SaaS', title: `Is ${named} worth it for a team of 3?` });
    fake!.addComment({ subreddit: 'startups', body: `We left ${keyword} for a shared inbox.` });
    // innerText: the card's own inline <style> holds digits too.
    await expect
      .poll(() => page.getByLabel('Total Alerts', { exact: true }).innerText(), { timeout: 25_000 })
      .toMatch(/^Total Alerts\s+2\s/);
    // The latest discussions follow the counts, without a click on Load More.
    await visible(page.getByRole('link', { name: /worth it for a team of 3/ }));
    // A post Reddit withholds from every listing: only the post-id enumeration finds it. The
    // server's count of such posts includes a first attempt's, so this one is the next.
    const found = (await postsFoundById(page)) + 1;
    const foundNow = `${found} ${found === 1 ? 'post' : 'posts'}`;
    fake!.addPost({ subreddit: 'SaaS', title: `${named} alternatives, anyone?`, unlisted: true });
    fake!.addPost({ subreddit: 'SaaS', title: 'A listed post after it' });
    await expect
      .poll(() => page.getByLabel('Total Alerts', { exact: true }).innerText(), { timeout: 25_000 })
      .toMatch(/^Total Alerts\s+3\s/);
    await page.getByRole('button', { name: 'Details' }).click();
    await visible(health.getByText('r/all · new posts'));
    await expect
      .poll(() => text(health), { timeout: 15_000 })
      .toMatch(
        new RegExp(
          `Posts by id: \\d[\\d,]* requests? in the last hour · ${foundNow} found that no listing showed`,
        ),
      );
    await expect
      .poll(() => text(page.getByRole('row', { name: /zendesk/ })), { timeout: 15_000 })
      .toMatch(/Checked/);
    await shot(page, 'ingestion-dashboard');
  });

  test('the phone layout shows the same line', async () => {
    const { page } = await dashboard(suite.server.url, PHONE);
    const health = page.getByRole('status', { name: 'Monitoring status' });
    await expect.poll(() => text(health), { timeout: 20_000 }).toMatch(/Monitoring 2 listings/);
    await visible(page.getByText(/Checked/));
    await shot(page, 'ingestion-dashboard');
  });

  test('refused credentials are named on the dashboard and on the alert', async () => {
    const { page } = await dashboard(suite.servers.refused.url, DESKTOP);
    const problem = 'Reddit answered 401: check REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET';
    await expect
      .poll(() => text(page.getByRole('status', { name: 'Monitoring status' })), {
        timeout: 25_000,
      })
      .toContain(problem);
    await expect.poll(() => text(page.getByRole('row', { name: /zendesk/ }))).toContain(problem);
    await shot(page, 'ingestion-refused');
  });
});
