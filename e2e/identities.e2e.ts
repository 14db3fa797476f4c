import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, registerThroughApi } from './support/browser';
import { text, visible } from './support/locators';
import { pageProblems, readyForChecks } from './support/page-checks';
import { useBrowserSuite } from './support/suite';
import { shot } from './support/shots';

/*
 * Settings → Profile, "Your names on the sites" (DESIGN §9), at 1280 and 390 px: the three names
 * are typed, a handle with a space is refused under its field before anything is sent, a "u/" in
 * front of the Reddit name is dropped, and the names are kept across a reload. axe checks the
 * tab with the error and after saving. Screenshots are left in /tmp/identities-*.png.
 */

// Hacker News and Bluesky on (their addresses stay the closed loopback port of every test
// server), so that the page shows each of the three names.
const suite = useBrowserSuite('identities', {
  env: () => ({ SOURCES: 'reddit,hackernews,bluesky' }),
});

/** The page's problems (page-checks.ts), named after the view and the width. */
async function checkPage(page: Page, view: string) {
  expect(await pageProblems(page), `${view} at ${page.viewportSize()?.width} px`).toEqual([]);
}

describe.skipIf(!suite.enabled)('your names on the sites, in the browser', () => {
  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'on a %s: the names are checked, cleaned, saved and kept',
    async (_, viewport) => {
      const { url } = suite.server;
      // A fresh user each attempt: a retry starts from no names at all.
      const { context, page } = await suite.open(viewport);
      await readyForChecks(page);
      await registerThroughApi(context, url);

      await page.goto(`${url}/settings`);
      const panel = page.getByRole('tabpanel', { name: 'Profile' });
      const form = panel.getByRole('form', { name: 'Your names on the sites' });
      const reddit = form.getByRole('textbox', { name: 'Reddit username' });
      const hackernews = form.getByRole('textbox', { name: 'Hacker News username' });
      const bluesky = form.getByRole('textbox', { name: 'Bluesky handle' });
      const save = form.getByRole('button', { name: 'Save Names' });
      await visible(reddit);

      // What the names are for, and when Reddit replies may go unseen; nothing to save yet.
      const said = await text(form);
      expect(said).toContain('Earshot marks a mention replied by itself');
      expect(said).toContain('Each team member gives their own names here');
      expect(said).toContain('mark the mention replied by hand then');
      expect(await reddit.getAttribute('placeholder')).toBe('u/ not needed, e.g. spez');
      expect(await hackernews.getAttribute('placeholder')).toBe('e.g. pg');
      expect(await bluesky.getAttribute('placeholder')).toBe('e.g. name.bsky.social');
      expect(await save.isDisabled()).toBe(true);

      // A handle with a space is refused under its field, and nothing is stored.
      await reddit.fill('u/spez');
      await hackernews.fill('pg');
      await bluesky.fill('name bsky.social');
      await save.click();
      await visible(form.getByText('Your Bluesky handle has a space in it'));
      expect(await bluesky.getAttribute('aria-invalid')).toBe('true');
      const stored = await context.request.get(`${url}/api/user/identities`);
      expect(await stored.json()).toEqual({
        identities: { reddit: null, hackernews: null, bluesky: null },
      });
      await checkPage(page, 'names with an error');
      await shot(page, 'identities-error');

      // Fixed and saved: the "u/" is gone from the Reddit name, and Save waits for a change.
      await bluesky.fill('name.bsky.social');
      await save.click();
      await visible(page.getByText('Your names are saved'));
      await expect.poll(() => reddit.inputValue()).toBe('spez');
      expect(await save.isDisabled()).toBe(true);
      await checkPage(page, 'names saved');
      await shot(page, 'identities-saved');

      // Kept: a reload shows them as stored.
      await page.reload();
      await visible(reddit);
      await expect.poll(() => reddit.inputValue()).toBe('spez');
      expect(await hackernews.inputValue()).toBe('pg');
      expect(await bluesky.inputValue()).toBe('name.bsky.social');
      expect(await save.isDisabled()).toBe(true);
      const kept = await context.request.get(`${url}/api/user/identities`);
      expect(await kept.json()).toEqual({
        identities: { reddit: 'spez', hackernews: 'pg', bluesky: 'name.bsky.social' },
      });

      // Cleared: an emptied field forgets that site's name.
      await hackernews.fill('');
      await save.click();
      await visible(page.getByText('Your names are saved'));
      const cleared = await context.request.get(`${url}/api/user/identities`);
      expect((await cleared.json()).identities.hackernews).toBeNull();
    },
    90_000,
  );

  test('the Replies card and the landing page no longer say "Coming soon"', async () => {
    const { url } = suite.server;
    const { context, page } = await suite.open(DESKTOP);
    await registerThroughApi(context, url);
    await page.goto(`${url}/dashboard`);
    const replies = page.getByLabel('Replies', { exact: true });
    await visible(replies.getByText('Mentions you replied to'));
    expect(await text(page.locator('main'))).not.toContain('Coming soon');
    // The landing page is for those signed out (a signed-in visit goes to the dashboard).
    const visitor = (await suite.open(DESKTOP)).page;
    await visitor.goto(`${url}/landing`);
    await visible(visitor.getByRole('heading', { name: 'Response Tracking' }));
    expect(await text(visitor.locator('body'))).toContain('Earshot sees your reply in the thread');
    expect(await text(visitor.locator('body'))).not.toContain('Coming soon');
  });
});
