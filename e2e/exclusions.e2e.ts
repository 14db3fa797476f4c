import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { startFakeReddit, type FakeReddit } from '../test/fakes/reddit';
import { DESKTOP, PHONE, registerThroughApi } from './support/browser';
import { text, visible } from './support/locators';
import { axeViolations, horizontalOverflow, readyForChecks, settle } from './support/page-checks';
import { fakeRedditEnv } from './support/reddit-env';
import { useBrowserSuite } from './support/suite';
import { shot } from './support/shots';

let fake: FakeReddit | undefined;
const suite = useBrowserSuite('exclusions', {
  env: async () => {
    fake = await startFakeReddit();
    return fakeRedditEnv(fake);
  },
});
afterAll(async () => fake?.stop());

let tag = 0;
// Item times only move forward across tests (an older item would be a late insertion).
let created = Date.now() - 3600_000;

/** A Settings list (Mantine TagsInput) by its label, and the names it shows as tags. */
const list = (page: Page, label: string) => {
  const root = page
    .locator('.mantine-TagsInput-root')
    .filter({ has: page.getByText(label, { exact: true }) });
  return {
    input: page.getByRole('combobox', { name: label, exact: true }),
    tags: () => root.locator('.mantine-Pill-label').allInnerTexts(),
  };
};

async function checkPage(page: Page, name: string) {
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);
  expect(await horizontalOverflow(page)).toBeNull();
  // The viewport: the section is at the top (a full page would draw the phone's fixed tab
  // bar halfway down).
  await shot(page, name, { fullPage: false });
}

describe.skipIf(!suite.enabled)('global exclusions, in the browser', () => {
  test.each([
    ['1280', DESKTOP],
    ['390', PHONE],
  ])(
    'at %s px: lists kept normalised, excluded matches never shown and counted, bad names named',
    async (_width, viewport) => {
      const { page, context } = await suite.open(viewport);
      const { url } = suite.server;
      await readyForChecks(page);
      await registerThroughApi(context, url);
      const api = (method: 'GET' | 'POST', path: string, data?: unknown) =>
        context.request.fetch(`${url}${path}`, { method, data, headers: { Origin: url } });

      // Names unique to the test: the other width's posts match neither its keyword nor lists.
      const n = ++tag;
      const keyword = `exclq${n}z`;
      // Kept as typed, prefix stripped.
      const sub = { typed: `r/CryptoSpam${n}`, kept: `CryptoSpam${n}` };
      const author = { typed: `u/Promo_Bot${n}`, kept: `Promo_Bot${n}` };
      const res = await api('POST', '/api/alerts', { keyword });
      expect(res.status()).toBe(201);
      const alertId = (await res.json()).id as number;
      await expect
        .poll(
          async () => {
            const alerts = await (await api('GET', '/api/alerts')).json();
            return alerts.find((a: { id: number }) => a.id === alertId)?.lastPolledAt ?? null;
          },
          { timeout: 20_000 },
        )
        .not.toBeNull();

      // Settings → Notifications: both lists filled in as a user would, then saved.
      await page.goto(`${url}/settings?tab=notifications`);
      const form = page.getByRole('form', { name: 'Global exclusions' });
      await visible(form.getByText('Filtered today: 0'));
      await visible(
        form.getByText('Nothing is excluded yet: every match of your keywords is kept.'),
      );
      const subreddits = list(page, 'Excluded subreddits');
      const authors = list(page, 'Excluded authors');
      await subreddits.input.fill(sub.typed);
      await subreddits.input.press('Enter');
      await expect.poll(() => subreddits.tags()).toEqual([sub.kept]);
      // The second name is left typed: Save takes it too.
      await authors.input.fill(author.typed);
      await form.getByRole('button', { name: 'Save Exclusions' }).click();
      await visible(page.getByText('Exclusions saved'));
      await expect.poll(() => authors.tags()).toEqual([author.kept]);
      expect(await (await api('GET', '/api/exclusions')).json()).toEqual({
        subreddits: [sub.kept],
        authors: [author.kept],
        filteredToday: 0,
      });

      await page.reload();
      await visible(form.getByText('Filtered today: 0'));
      await expect.poll(() => subreddits.tags()).toEqual([sub.kept]);
      expect(await authors.tags()).toEqual([author.kept]);
      expect(await form.getByRole('button', { name: 'Save Exclusions' }).isDisabled()).toBe(true);

      // Three matching posts: one in the excluded subreddit, one by the excluded author (in a
      // subreddit that is not excluded, and with its name in another case), one that passes.
      const titles = {
        inExcludedSub: `Airdrop claim for ${keyword} holders`,
        byExcludedAuthor: `Try ${keyword} free for 30 days, link in bio`,
        passing: `Has anyone moved their team to ${keyword}?`,
      };
      fake!.addPost({
        subreddit: `CryptoSpam${n}`,
        author: 'someone_else',
        title: titles.inExcludedSub,
        createdMs: (created += 1000),
      });
      fake!.addPost({
        subreddit: 'SaaS',
        author: `Promo_Bot${n}`,
        title: titles.byExcludedAuthor,
        createdMs: (created += 1000),
      });
      fake!.addPost({
        subreddit: 'SaaS',
        author: 'curious_founder',
        title: titles.passing,
        createdMs: (created += 1000),
      });

      await page.goto(`${url}/dashboard`);
      const latest = page.getByRole('region', {
        name: 'Latest discussions matching your keywords',
      });
      await expect
        .poll(() => text(latest.getByRole('article')), { timeout: 40_000, interval: 1000 })
        .toContain(titles.passing);
      // The three were read together; both excluded ones were dropped and counted.
      await expect
        .poll(async () => (await (await api('GET', '/api/exclusions')).json()).filteredToday, {
          timeout: 20_000,
        })
        .toBe(2);
      const mentions = await (await api('GET', `/api/mentions?limit=50&alertId=${alertId}`)).json();
      expect(mentions.items.map((m: { title: string }) => m.title)).toEqual([titles.passing]);
      await page.reload();
      await visible(latest.getByRole('article').filter({ hasText: titles.passing }));
      expect(await latest.getByRole('article').count()).toBe(1);
      const shown = await text(page.locator('main'));
      expect(shown).not.toContain(titles.inExcludedSub);
      expect(shown).not.toContain(titles.byExcludedAuthor);

      // Settings says what the lists filtered today.
      await page.goto(`${url}/settings?tab=notifications`);
      await visible(form.getByText('Filtered today: 2'));
      await visible(
        form.getByText(
          'Matches dropped since midnight UTC. They are not counted in your plan’s mentions.',
        ),
      );
      await expect.poll(() => subreddits.tags()).toEqual([sub.kept]);
      await checkPage(page, 'exclusions');

      // Bad names are named before anything is sent: an invalid subreddit as a tag, then an
      // invalid username left typed when Save is pressed.
      await subreddits.input.fill('r/no-dashes');
      await subreddits.input.press('Enter');
      await visible(
        form.getByText(
          '"r/no-dashes" is not a valid subreddit name (2-21 letters, digits or underscores)',
        ),
      );
      await authors.input.fill('x!');
      await form.getByRole('button', { name: 'Save Exclusions' }).click();
      await visible(
        form.getByText('"x!" is not a valid Reddit username (3-20 letters, digits, _ or -)'),
      );
      expect(await subreddits.input.getAttribute('aria-invalid')).toBe('true');
      expect(await authors.input.getAttribute('aria-invalid')).toBe('true');
      await checkPage(page, 'exclusions-bad-input');
      expect(await page.getByText('Exclusions saved').count()).toBe(0);
      expect(await (await api('GET', '/api/exclusions')).json()).toEqual({
        subreddits: [sub.kept],
        authors: [author.kept],
        filteredToday: 2,
      });
    },
    180_000,
  );
});
