import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { startFakeReddit, type FakeReddit } from '../test/fakes/reddit';
import { DESKTOP, PHONE, registerThroughApi } from './support/browser';
import { visible } from './support/locators';
import { fakeRedditEnv } from './support/reddit-env';
import { useBrowserSuite } from './support/suite';
import { uniqueTag } from './support/unique-tag';
import { shot } from './support/shots';

let fake: FakeReddit | undefined;
const suite = useBrowserSuite('diagnostic', {
  env: async () => fakeRedditEnv((fake = await startFakeReddit())),
  servers: {
    // A server of its own for the failing test: users who search in the same minute share
    // Reddit's interactive budget (decision 022), and its tries against a failing Reddit need
    // a whole user's part of it, whatever the other tests did before.
    alone: () => fakeRedditEnv(fake!),
    // No client id: limited mode, reading the fake's public feeds.
    limited: () => {
      const { REDDIT_ENABLED, REDDIT_API_BASE, REDDIT_POLL_SECONDS } = fakeRedditEnv(fake!);
      return { REDDIT_ENABLED, REDDIT_API_BASE, REDDIT_POLL_SECONDS, REDDIT_RSS_SECONDS: '1' };
    },
  },
});
afterAll(async () => fake?.stop());

const SITE_WIDE = 'Site-wide monitoring needs Reddit API credentials — see the README';

describe.skipIf(!suite.enabled)(
  'the Alert Diagnostic page and limited mode, in the browser',
  () => {
    async function signedIn(url: string, viewport: { width: number; height: number } = DESKTOP) {
      const session = await suite.open(viewport);
      await registerThroughApi(session.context, url);
      const createAlert = async (data: Record<string, unknown>) => {
        const res = await session.context.request.post(`${url}/api/alerts`, {
          data,
          headers: { Origin: url },
        });
        expect(res.status()).toBe(201);
        return (await res.json()) as { id: number };
      };
      return { ...session, createAlert };
    }

    test.each([
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const)(
      'the %s page shows the alert, runs the API test and the monitoring',
      async (name, viewport) => {
        fake!.addPost({
          subreddit: 'SaaS',
          title: `Helpscout or Zendesk? (${name})`,
          createdMs: Date.now() - 3600_000,
        });
        const { page, createAlert } = await signedIn(suite.server.url, viewport);
        const alert = await createAlert({ keyword: 'zendesk', subreddits: 'SaaS, startups' });
        await page.goto(`${suite.server.url}/alerts/debug/${alert.id}`);
        const card = page.getByRole('region', { name: 'Alert' });
        await visible(card.getByText(String(alert.id), { exact: true }));
        await visible(card.getByText('zendesk', { exact: true }));
        const status = card.locator('[data-status]');
        await expect.poll(() => status.textContent()).toBe('active');
        expect(await status.evaluate((el) => getComputedStyle(el).color)).toMatch(
          /rgb\(\d+, 1\d\d, \d+\)/,
        );
        await page.getByRole('button', { name: 'Run API Test' }).click();
        await visible(page.getByText('Test Successful'));
        await visible(
          page.getByText(/Found \d+ mentions? of "zendesk" on Reddit in the past week/),
        );
        await visible(page.getByText('Test Completed'));
        // A table on the desktop, a card per listing on the phone.
        const listings = { name: 'Listings of this alert' };
        await visible(
          page
            .getByRole('table', listings)
            .or(page.getByRole('list', listings))
            .getByText(/r\/saas\+startups · new posts/),
        );
        await visible(page.getByText(/Past week search done/), 30_000);
        await shot(page, `diagnostic-${name}`);
        await page.getByRole('link', { name: 'Back to Alerts' }).first().click();
        await page.waitForURL(/\/alerts$/);
      },
    );

    test('the alerts menu links to the page; a failing test says why', async () => {
      const { page, createAlert, expectError } = await signedIn(suite.servers.alone.url);
      await createAlert({ keyword: 'freshdesk' });
      await page.goto(`${suite.servers.alone.url}/dashboard`);
      await page.getByRole('button', { name: 'Actions for "freshdesk"' }).first().click();
      await page.getByRole('menuitem', { name: 'Diagnostics' }).click();
      await page.waitForURL(/\/alerts\/debug\/\d+$/);
      // More failures than the test's three tries: the alert's backfill search may meet some.
      fake!.injectFaults([{ match: '/search$', kind: 'status', status: 500, times: 10 }]);
      // Cleared even when a step fails, so that neither a retry nor the next test meets faults
      // left over.
      try {
        await page.getByRole('button', { name: 'Run API Test' }).click();
        await visible(page.getByText('Test Failed'));
        await visible(page.getByText(/Reddit answered 500/).first());
        // The toast agrees with the card: the destructive "Test failed: …", not "Test Completed".
        await visible(page.getByText(/^Test failed: Reddit answered 500/));
        expect(await page.getByText('Test Completed').count()).toBe(0);
      } finally {
        fake!.clearFaults();
      }
      expectError({ text: /status of 404/, url: /\/api\/alerts\/(error-info\/)?\d+/ });
    });

    test('another user’s or a missing alert shows the Error Loading Alert card', async () => {
      const owner = await signedIn(suite.server.url);
      const theirs = await owner.createAlert({ keyword: 'secretword' });
      const { page, expectError } = await signedIn(suite.server.url, PHONE);
      expectError({ text: /status of 404/, url: /\/api\/alerts\/error-info\/\d+$/ });
      await page.goto(`${suite.server.url}/alerts/debug/${theirs.id}`);
      await visible(page.getByText('Error Loading Alert'));
      await visible(page.getByRole('alert').getByText('Alert not found'));
      await visible(page.getByText('Failed to load alert information: Alert not found'));
      await shot(page, 'diagnostic-not-found');
      await page.getByRole('alert').getByRole('link', { name: 'Back to Alerts' }).click();
      await page.waitForURL(/\/alerts$/);
    });

    async function totalAlerts(page: Page) {
      return page.getByLabel('Total Alerts', { exact: true }).innerText();
    }

    test.each([
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const)(
      'limited mode (%s): a subreddit alert gets its mention from the feed; a site-wide alert shows the notice',
      async (name, viewport) => {
        const { page, createAlert } = await signedIn(suite.servers.limited.url, viewport);
        // A keyword of this attempt's own: a post a failed first attempt added may still be read
        // after this alert exists, and would count in its Total Alerts.
        const keyword = `rssword${uniqueTag()}`;
        await createAlert({ keyword, subreddits: 'selfhosted' });
        await createAlert({ keyword: 'everywhere' });
        await page.goto(`${suite.servers.limited.url}/dashboard`);
        const health = page.getByRole('status', { name: 'Monitoring status' });
        await expect.poll(() => health.innerText(), { timeout: 20_000 }).toContain(SITE_WIDE);
        await expect
          .poll(() => health.innerText(), { timeout: 20_000 })
          .toMatch(/Limited mode: reading 2 public feeds/);
        fake!.addPost({ subreddit: 'selfhosted', title: `My ${keyword} setup (${name})` });
        await expect
          .poll(() => totalAlerts(page), { timeout: 30_000 })
          .toMatch(/^Total Alerts\s+1(\s|$)/);
        // The alert itself says why (a table row on desktop, a card on the phone).
        await visible(
          page
            .getByRole('region', { name: /^Keywords being monitored on Reddit/ })
            .getByText(SITE_WIDE),
        );
        await shot(page, `limited-dashboard-${name}`);
        await page.getByRole('button', { name: 'Add Keyword' }).click();
        const dialog = page.getByRole('dialog');
        await visible(
          dialog.getByText(
            /Site-wide monitoring needs Reddit API credentials — see the README\. Without them/,
          ),
        );
        await dialog.getByText('Advanced Options').click();
        await visible(dialog.getByText(/a minimum score above 1 cannot be applied/));
        await shot(page, `limited-dialog-${name}`);
      },
    );
  },
);
