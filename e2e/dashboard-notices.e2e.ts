import type { BrowserContext, Page } from 'playwright-core';
import type { Stats } from '../src/shared/api/stats';
import { afterAll, describe, expect, test } from 'vitest';
import { startFakeReddit, type FakeReddit } from '../test/fakes/reddit';
import { DESKTOP, PHONE, registerThroughApi, type TestUser } from './support/browser';
import { submit, visible } from './support/locators';
import { axeViolations, horizontalOverflow, readyForChecks, settle } from './support/page-checks';
import { startReceiver, type Receiver } from './support/receiver';
import { fakeRedditEnv } from './support/reddit-env';
import { useBrowserSuite } from './support/suite';
import { uniqueTag } from './support/unique-tag';
import { shot } from './support/shots';

let fake: FakeReddit | undefined;
let receiver: Receiver | undefined;
// Every target is gone (410): Earshot pauses the channel after its first delivery.
const suite = useBrowserSuite('dashboard-notices', {
  env: async () => {
    fake = await startFakeReddit();
    receiver = await startReceiver(() => [410, 'gone']);
    return { ...fakeRedditEnv(fake), ALLOW_PRIVATE_WEBHOOKS: 'true' };
  },
});
afterAll(async () => {
  await fake?.stop();
  await receiver?.close();
});

async function api(
  context: BrowserContext,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const url = suite.server.url;
  const res = await context.request.fetch(`${url}${path}`, {
    method,
    data,
    headers: { Origin: url },
  });
  expect(res.status(), `${method} ${path}`).toBeLessThan(300);
  return res.status() === 204 ? undefined : res.json();
}

/**
 * A Free user with every dashboard notice at once: an unverified email, a keyword paused by a
 * downgrade, a channel Earshot paused, the month's mentions used up, and a keyword just added.
 */
async function everyNotice(page: Page, context: BrowserContext) {
  const url = suite.server.url;
  const tag = uniqueTag();
  const keywords = ['oldest', 'second', 'hooked', 'fourth'].map((k) => `${k}${tag}`);
  const channel = await api(context, 'POST', '/api/channels', {
    kind: 'webhook',
    name: 'Gone hook',
    target: `${receiver!.url}/gone-${tag}`,
  });
  const ids: number[] = [];
  for (const keyword of keywords.slice(0, 3)) {
    const channelIds = keyword.startsWith('hooked') ? [channel.channel.id] : [];
    ids.push((await api(context, 'POST', '/api/alerts', { keyword, channelIds })).id);
  }
  // Pro for a moment (the test-mode checkout), a 4th keyword, then Free again at once.
  await page.goto(`${url}/pricing`);
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await page.getByRole('button', { name: 'Pay $14.99' }).click();
  await page.waitForURL(/\/settings\?tab=subscription/);
  ids.push((await api(context, 'POST', '/api/alerts', { keyword: keywords[3] })).id);
  await api(context, 'POST', '/api/subscriptions/cancel', { immediate: true });

  // 50 matches use up the Free month; the first delivery finds the channel gone.
  for (let i = 0; i < 50; i++)
    fake!.addPost({ subreddit: 'SaaS', title: `${keywords[2]} post ${i}` });
  await expect
    .poll(async () => ((await api(context, 'GET', '/api/stats')) as Stats).monthMentions, {
      timeout: 40_000,
    })
    .toBe(50);
  // Room for one more keyword on Free, added the way a person does.
  await api(context, 'DELETE', `/api/alerts/${ids[1]}`);
  await page.goto(`${url}/dashboard`);
  await page.getByRole('button', { name: 'Add Keyword', exact: true }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Keyword' }).fill(`fresh${tag}`);
  // The answer first: a dialog left open is then told apart from a request refused or slow.
  const created = page.waitForResponse(
    (res) => res.url().endsWith('/api/alerts') && res.request().method() === 'POST',
  );
  await submit(page.getByRole('dialog').getByRole('button', { name: 'Add Keywords' }));
  expect((await created).status()).toBe(201);
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

describe.skipIf(!suite.enabled)('the dashboard with every notice', () => {
  test('one notice area: the most urgent shown, the rest folded, the stats above the fold', async () => {
    const { page, context } = await suite.open(DESKTOP);
    await readyForChecks(page);
    const user: TestUser = await registerThroughApi(context, suite.server.url);
    await everyNotice(page, context);

    const notices = page.getByRole('region', { name: 'Notices' });
    // The answer to the new keyword comes first; four more wait behind one button.
    await visible(notices.getByText(/was added/));
    await visible(notices.getByText(/from the past week/));
    const more = notices.getByRole('button', { name: '4 more notices' });
    await visible(more);
    expect(await notices.getByText('Monthly mention limit reached').isVisible()).toBe(false);
    await settle(page);
    const stats = await page.getByLabel('Total Alerts', { exact: true }).boundingBox();
    expect(stats!.y + stats!.height).toBeLessThan(DESKTOP.height);
    await shot(page, 'dashboard-notices', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);

    await more.click();
    for (const text of [
      'Monthly mention limit reached',
      'One keyword was paused when your plan changed to Free',
      'Earshot paused the channel',
      'Verify your email',
    ]) {
      await visible(notices.getByText(text).first());
    }
    await settle(page);
    await shot(page, 'dashboard-notices-expanded');
    expect(await axeViolations(page)).toEqual([]);

    // The same account on a phone: calm too.
    const phone = await suite.open(PHONE);
    await readyForChecks(phone.page);
    await phone.context.request.post(`${suite.server.url}/api/login`, {
      data: { username: user.email, password: user.password },
      headers: { Origin: suite.server.url },
    });
    await phone.page.goto(`${suite.server.url}/dashboard`);
    await visible(phone.page.getByRole('button', { name: /more notices/ }));
    await settle(phone.page);
    expect(await horizontalOverflow(phone.page)).toBeNull();
    await shot(phone.page, 'dashboard-notices', { fullPage: false });
    expect(await axeViolations(phone.page)).toEqual([]);
  });
});
