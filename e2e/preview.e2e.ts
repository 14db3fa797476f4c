import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { startFakeReddit, type FakeReddit } from '../test/fakes/reddit';
import { DESKTOP, PHONE, registerThroughApi } from './support/browser';
import { text, visible } from './support/locators';
import { axeViolations, horizontalOverflow, readyForChecks, settle } from './support/page-checks';
import { fakeRedditEnv } from './support/reddit-env';
import { useBrowserSuite } from './support/suite';
import { uniqueTag } from './support/unique-tag';
import { shot } from './support/shots';

let fake: FakeReddit | undefined;
const suite = useBrowserSuite('preview', {
  env: async () => fakeRedditEnv((fake = await startFakeReddit())),
});
afterAll(async () => fake?.stop());

const dialog = (page: Page) => page.getByRole('dialog');
const preview = (page: Page) => dialog(page).getByRole('region', { name: 'Volume preview' });

/** A signed-in user with one alert, so that Earshot reads r/all; then posts it will read. */
async function readingPage(viewport: typeof DESKTOP | typeof PHONE, tag: string) {
  const session = await suite.open(viewport);
  const url = suite.server.url;
  await registerThroughApi(session.context, url);
  const res = await session.context.request.post(`${url}/api/alerts`, {
    data: { keyword: `earshotwarmup${tag}` },
    headers: { Origin: url },
  });
  expect(res.status()).toBe(201);
  await readyForChecks(session.page);
  for (const [title, author] of [
    [`Stripe fees ${tag} went up again`, 'founder'],
    [`Hiring: Stripe engineer ${tag}`, 'AutoModerator'],
    [`Paddle vs Stripe ${tag} for a small SaaS`, 'maker'],
  ]) {
    fake!.addPost({ subreddit: 'SaaS', title, author, selftext: 'Looking at payment providers.' });
  }
  await session.page.goto(`${url}/dashboard`);
  await session.page.getByRole('button', { name: 'Add Keyword', exact: true }).click();
  return session.page;
}

describe.skipIf(!suite.enabled)('the volume preview in the keyword dialog', () => {
  for (const [viewport, device] of [
    [DESKTOP, 'desk'],
    [PHONE, 'phone'],
  ] as const) {
    test(`shows what a keyword matched lately, and follows the operators (${viewport.width} px)`, async () => {
      // Words of this attempt's own: the preview counts every post Earshot read lately, and a
      // retry's would otherwise add to the first attempt's three.
      const tag = `${device}${uniqueTag()}`;
      const page = await readingPage(viewport, tag);
      const keyword = dialog(page).getByRole('textbox', { name: 'Keyword' });
      await keyword.fill(`stripe ${tag}`);
      // The worker reads the posts within seconds. The dialog's first answer may come before:
      // it asks again by itself while the hour holds too little (isEarlyPreview), with no typing.
      await expect
        .poll(() => text(preview(page)), { timeout: 30_000, interval: 1000 })
        .toMatch(/(?<!\d)3 of the [\d,]+ posts and comments Earshot read/);
      await visible(
        preview(page).getByRole('link', { name: `Paddle vs Stripe ${tag} for a small SaaS` }),
      );
      // The matched terms are marked in the examples.
      expect(await preview(page).locator('mark').first().innerText()).toMatch(/stripe/i);

      // Bots out, and only titles that say "fees": the count follows.
      await keyword.fill(`stripe ${tag} -author:AutoModerator`);
      await expect
        .poll(() => text(preview(page)), { timeout: 10_000 })
        .toMatch(/(?<!\d)2 of the [\d,]+ posts/);
      await keyword.fill(`title:fees ${tag}`);
      await expect
        .poll(() => text(preview(page)), { timeout: 10_000 })
        .toMatch(/(?<!\d)1 of the [\d,]+ posts/);

      // A typo in an operator: the field says what and where, before submit.
      await keyword.fill(`stripe autor:spez`);
      await visible(
        dialog(page).getByText('Unknown operator "autor:" at position 8', { exact: false }),
      );

      await keyword.fill(`stripe ${tag}`);
      await expect
        .poll(() => text(preview(page)), { timeout: 10_000 })
        .toMatch(/(?<!\d)3 of the [\d,]+ posts/);
      await settle(page);
      await shot(page, 'preview-dialog', { fullPage: false });
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
      expect(await horizontalOverflow(page)).toBeNull();
    });
  }
});
