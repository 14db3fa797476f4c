import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { startFakeReddit, type FakeReddit } from '../test/fakes/reddit';
import { STRIPE_LABELLED_SET } from '../test/relevance/stripe-labelled-set';
import { DESKTOP, PHONE, registerThroughApi } from './support/browser';
import { flip, visible } from './support/locators';
import { axeViolations, horizontalOverflow, readyForChecks, settle } from './support/page-checks';
import { fakeRedditEnv } from './support/reddit-env';
import { useBrowserSuite } from './support/suite';
import { shot } from './support/shots';

let fake: FakeReddit | undefined;
const suite = useBrowserSuite('relevance', {
  env: async () => {
    fake = await startFakeReddit();
    return fakeRedditEnv(fake);
  },
});
afterAll(async () => fake?.stop());

let tag = 0;
// Item times only move forward across tests (an older item would be a late insertion).
let created = Date.now() - 3600_000;

const relevantTexts = STRIPE_LABELLED_SET.filter((e) => e.label === 'relevant').map((e) => e.text);
const irrelevantTexts = STRIPE_LABELLED_SET.filter((e) => e.label === 'irrelevant').map(
  (e) => e.text,
);
const NEW_RELEVANT = 'Webhook retries charged a subscription customer twice';
const NEW_IRRELEVANT = 'Adidas jacket with a white stripe pattern on the sleeve';

/**
 * A signed-in user whose keyword (unique to the test, so that other tests' posts do not match
 * it) found 10 posts about payments and 10 about the stripe pattern, labelled through the API
 * but for one of each, left for the browser.
 */
async function userWithLabelledMentions(viewport: typeof DESKTOP | typeof PHONE) {
  const session = await suite.open(viewport);
  const { url } = suite.server;
  const { page, context } = session;
  await readyForChecks(page);
  await registerThroughApi(context, url);
  const keyword = `payco${++tag}x`;
  const api = (method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) =>
    context.request.fetch(`${url}${path}`, { method, data, headers: { Origin: url } });
  const res = await api('POST', '/api/alerts', { keyword });
  expect(res.status()).toBe(201);
  const alertId = (await res.json()).id as number;
  await expect
    .poll(async () => {
      const alerts = await (await api('GET', '/api/alerts')).json();
      return alerts.find((a: { id: number }) => a.id === alertId)?.lastPolledAt ?? null;
    })
    .not.toBeNull();
  const post = (title: string) =>
    fake!.addPost({
      subreddit: 'SaaS',
      title: `${title} (${keyword})`,
      createdMs: (created += 1000),
    });
  for (let i = 0; i < 10; i++) {
    post(relevantTexts[i]);
    post(irrelevantTexts[i]);
  }
  const mentions = async (query = '') =>
    (await (await api('GET', `/api/mentions?limit=200&alertId=${alertId}${query}`)).json())
      .items as { id: number; title: string; feedback: string | null }[];
  await expect.poll(async () => (await mentions()).length, { timeout: 30_000 }).toBe(20);
  // All but the newest of each kind labelled through the API; those two are the browser's.
  const listed = await mentions();
  const browserOnes = {
    relevant: `${relevantTexts[9]} (${keyword})`,
    irrelevant: `${irrelevantTexts[9]} (${keyword})`,
  };
  for (const mention of listed) {
    if (Object.values(browserOnes).includes(mention.title)) continue;
    const label = relevantTexts.some((t) => mention.title.startsWith(t))
      ? 'relevant'
      : 'irrelevant';
    expect((await api('PUT', `/api/mentions/${mention.id}/feedback`, { label })).status()).toBe(
      200,
    );
  }
  return { page, url, keyword, alertId, api, mentions, browserOnes, post };
}

const article = (page: Page, title: string) => page.getByRole('article').filter({ hasText: title });

async function checkPage(page: Page, name: string) {
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);
  expect(await horizontalOverflow(page)).toBeNull();
  await shot(page, name, { fullPage: false });
}

describe.skipIf(!suite.enabled)('relevance learned from feedback, in the browser', () => {
  test.each([
    ['1280', DESKTOP],
    ['390', PHONE],
  ])(
    'at %s px: thumbs on cards, the keyword’s switch with its figures, and the hidden count',
    async (_width, viewport) => {
      const { page, url, keyword, alertId, api, mentions, browserOnes, post } =
        await userWithLabelledMentions(viewport);

      // Thumbs on the cards: pressed as marked, pressing again takes the mark back.
      await page.goto(`${url}/mentions?alertId=${alertId}`);
      const good = article(page, browserOnes.relevant);
      const bad = article(page, browserOnes.irrelevant);
      await visible(good);
      const up = good.getByRole('button', { name: 'Relevant', exact: true });
      expect(await up.getAttribute('aria-pressed')).toBe('false');
      await up.click();
      await expect.poll(() => up.getAttribute('aria-pressed')).toBe('true');
      const down = bad.getByRole('button', { name: 'Not relevant' });
      await down.click();
      await expect.poll(() => down.getAttribute('aria-pressed')).toBe('true');
      await down.click();
      await expect.poll(() => down.getAttribute('aria-pressed')).toBe('false');
      await down.click();
      await expect.poll(() => down.getAttribute('aria-pressed')).toBe('true');
      // The buttons show the last press at once; the page is left only once the server has it
      // (leaving cancels a mark still queued behind the one before).
      const saved = async (title: string) => (await mentions()).find((m) => m.title === title);
      await expect
        .poll(async () => (await saved(browserOnes.irrelevant))?.feedback)
        .toBe('irrelevant');
      await expect.poll(async () => (await saved(browserOnes.relevant))?.feedback).toBe('relevant');
      await checkPage(page, 'relevance-thumbs');

      // The keyword's dialog: the switch, and its figures once the worker trained the filter.
      await page.goto(`${url}/alerts`);
      await page.getByRole('button', { name: `Actions for "${keyword}"` }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog');
      const advanced = dialog.getByRole('button', { name: 'Advanced Options' });
      if ((await advanced.getAttribute('aria-expanded')) !== 'true') await advanced.click();
      const figures = dialog.getByTestId('relevance-figures');
      await expect
        .poll(() => figures.innerText(), { timeout: 45_000 })
        .toMatch(/^Tested on your 20 labels: \d+% of what it hides is not relevant/);
      const toggle = dialog.getByRole('switch', { name: 'Hide likely irrelevant mentions' });
      expect(await toggle.isChecked()).toBe(false);
      await flip(toggle);
      await expect.poll(() => toggle.isChecked()).toBe(true);
      await visible(dialog.getByText('0 mentions hidden today.'));
      await checkPage(page, 'relevance-switch');
      await page.keyboard.press('Escape');

      // New posts: the likely irrelevant one is stored hidden, counted, and shown on asking.
      post(NEW_RELEVANT);
      post(NEW_IRRELEVANT);
      await expect
        .poll(async () => (await mentions('&hidden=include')).length, { timeout: 30_000 })
        .toBe(22);
      expect((await mentions('&hidden=only')).map((m) => m.title)).toEqual([
        `${NEW_IRRELEVANT} (${keyword})`,
      ]);
      expect((await (await api('GET', '/api/relevance/hidden')).json()).hiddenToday).toBe(1);

      await page.goto(`${url}/mentions`);
      await visible(page.getByText('1 mention hidden today as likely not relevant.'));
      await visible(article(page, NEW_RELEVANT));
      expect(await article(page, NEW_IRRELEVANT).count()).toBe(0);
      await checkPage(page, 'relevance-hidden-count');
      await page.getByRole('button', { name: 'Show hidden' }).click();
      await page.waitForURL(/hidden=only/);
      const hidden = article(page, NEW_IRRELEVANT);
      await visible(hidden);
      await visible(hidden.getByText('hidden as likely not relevant'));
      expect(await page.getByRole('article').count()).toBe(1);
      await checkPage(page, 'relevance-hidden-shown');
      await page.getByRole('button', { name: 'Back to the others' }).click();
      await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(1);
    },
    180_000,
  );
});
