import type { BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, test } from 'vitest';
import { startFakeReddit, type FakeReddit } from '../test/fakes/reddit';
import { DESKTOP, PHONE, registerThroughApi } from './support/browser';
import { previewAnswered, submit, text, visible } from './support/locators';
import { axeViolations, horizontalOverflow, readyForChecks, settle } from './support/page-checks';
import { startReceiver, type Received, type Receiver } from './support/receiver';
import { fakeRedditEnv } from './support/reddit-env';
import { useBrowserSuite } from './support/suite';
import { uniqueTag } from './support/unique-tag';
import { shot } from './support/shots';

let receiver: Receiver | undefined;
let receiverUrl = '';
let received: Received[] = [];
let fake: FakeReddit | undefined;

/** The receiver's answer by path: a gone target, a refusing one, Slack, or any webhook. */
function answer(path: string): [number, string] {
  if (path.includes('gone')) return [410, 'gone'];
  if (path.includes('forbidden')) return [403, 'forbidden'];
  if (path.startsWith('/services/')) return [200, 'ok'];
  return [200, 'thanks'];
}

// The real worker polls the fake Reddit and delivers to loopback, which only
// ALLOW_PRIVATE_WEBHOOKS lets through (DESIGN §5).
const suite = useBrowserSuite('channel-delivery', {
  env: async () => {
    fake = await startFakeReddit();
    receiver = await startReceiver(answer);
    ({ url: receiverUrl, received } = receiver);
    return { ...fakeRedditEnv(fake), ALLOW_PRIVATE_WEBHOOKS: 'true' };
  },
});
afterAll(async () => {
  await fake?.stop();
  await receiver?.close();
});

// Item times only move forward across tests: an item older than what a listing already served
// would be a late insertion, read only by the worker's occasional overlap.
let created = Date.now() - 3600_000;

const dialog = (page: Page) => page.getByRole('dialog');
const arrivedAt = (path: string) => received.filter((r) => r.path === path);
const settingsUrl = () => `${suite.server.url}/settings?tab=notifications`;

async function signedInPage(viewport: { width: number; height: number }): Promise<Page> {
  const session = await suite.open(viewport);
  await registerThroughApi(session.context, suite.server.url);
  await readyForChecks(session.page);
  return session.page;
}

/** Posts to the API as the page's user (the Origin header passes the CSRF check). */
async function apiPost(context: BrowserContext, path: string, data: unknown) {
  const res = await context.request.post(`${suite.server.url}${path}`, {
    data,
    headers: { Origin: suite.server.url },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function apiGet(context: BrowserContext, path: string) {
  return (await context.request.get(`${suite.server.url}${path}`)).json();
}

/**
 * Adds a post matching `keyword` once the worker has read a listing with the alert known
 * ("Checked"): a post added before that would predate the alert and never be matched.
 */
async function postOnceChecked(context: BrowserContext, alertId: number, keyword: string) {
  await expect
    .poll(
      async () => {
        const alerts = await apiGet(context, '/api/alerts');
        return alerts.find((a: { id: number }) => a.id === alertId)?.lastPolledAt ?? null;
      },
      { timeout: 20_000, interval: 500 },
    )
    .not.toBeNull();
  fake!.addPost({
    subreddit: 'SaaS',
    title: `Is ${keyword} worth it for a team of three?`,
    selftext: `We compare ${keyword} with a shared inbox.`,
    score: 42,
    createdMs: (created += 1000),
  });
}

/** Axe finds nothing critical or serious, and nothing scrolls sideways. */
async function checkPage(page: Page) {
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);
  expect(await horizontalOverflow(page)).toBeNull();
}

describe.skipIf(!suite.enabled)('mentions delivered to channels, seen in the browser', () => {
  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'on a %s: a new mention reaches a signed webhook and Slack, and the cards say so',
    async (name, viewport) => {
      const page = await signedInPage(viewport);
      const id = uniqueTag();
      const keyword = `zendesk${id}x`;
      const hookPath = `/hooks/${name}-${id}`;
      const slackPath = `/services/T0/B${id}/x`;
      await page.goto(settingsUrl());
      await visible(page.getByText('No channels yet'));

      // A webhook through the dialog; its signing secret is shown once, so it is read here.
      await page.getByRole('button', { name: 'Add channel' }).first().click();
      await dialog(page).getByRole('radio', { name: 'Webhook' }).check();
      await dialog(page).getByRole('textbox', { name: 'Name' }).fill('Team hook');
      await dialog(page)
        .getByRole('textbox', { name: 'Webhook URL' })
        .fill(`${receiverUrl}${hookPath}`);
      await dialog(page).getByRole('button', { name: 'Add channel' }).click();
      await visible(dialog(page).getByText(/It is shown once/));
      const secret = await dialog(page)
        .getByText(/^whsec_/)
        .textContent();
      expect(secret).toMatch(/^whsec_/);
      await dialog(page).getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => dialog(page).count()).toBe(0);

      // Slack, the dialog's first kind; any host passes with ALLOW_PRIVATE_WEBHOOKS.
      await page.getByRole('button', { name: 'Add channel' }).first().click();
      await dialog(page).getByRole('radio', { name: 'Slack' }).check();
      await dialog(page).getByRole('textbox', { name: 'Name' }).fill('Team Slack');
      await dialog(page)
        .getByRole('textbox', { name: 'Incoming-webhook URL' })
        .fill(`${receiverUrl}${slackPath}`);
      await dialog(page).getByRole('button', { name: 'Add channel' }).click();
      await expect.poll(() => dialog(page).count()).toBe(0);
      const hookCard = page.getByRole('article', { name: 'Team hook' });
      const slackCard = page.getByRole('article', { name: 'Team Slack' });
      await visible(slackCard);
      await expect.poll(() => text(slackCard)).toContain('Last delivery: none yet');

      // The keyword, sending to both channels. The dropdown stays open between picks, but on a
      // phone the first pill can move the field under a dropdown being repositioned: a pick
      // reopens it when it is not showing.
      await page.goto(`${suite.server.url}/dashboard`);
      await page.getByRole('button', { name: 'Add Keyword', exact: true }).click();
      await dialog(page).getByRole('textbox', { name: 'Keyword' }).fill(keyword);
      await previewAnswered(dialog(page));
      for (const name of [/Team hook/, /Team Slack/]) {
        const option = page.getByRole('option', { name });
        if (!(await option.isVisible())) await dialog(page).getByLabel('Send to').click();
        await option.click();
      }
      await page.keyboard.press('Escape');
      await visible(dialog(page).getByText('Team hook (Webhook)'));
      await visible(dialog(page).getByText('Team Slack (Slack)'));
      await submit(dialog(page).getByRole('button', { name: 'Add Keywords' }));
      await visible(page.getByText('Your new alert has been created successfully.'));
      const channels = (await apiGet(page.context(), '/api/channels')).items;
      const [alert] = await apiGet(page.context(), '/api/alerts');
      expect(alert.keyword).toBe(keyword);
      expect([...alert.channelIds].sort()).toEqual(
        channels.map((c: { id: number }) => c.id).sort(),
      );

      await postOnceChecked(page.context(), alert.id, keyword);

      // The worker delivers: one signed mention.created to the webhook, one message to Slack.
      await expect.poll(() => arrivedAt(hookPath).length, { timeout: 30_000 }).toBe(1);
      await expect.poll(() => arrivedAt(slackPath).length, { timeout: 30_000 }).toBe(1);
      const [hook] = arrivedAt(hookPath);
      const event = new Webhook(secret!).verify(
        hook.body,
        hook.headers as Record<string, string>,
      ) as { type: string; data: { mention: { title: string }; alert: { keyword: string } } };
      expect(event.type).toBe('mention.created');
      expect(event.data.mention.title).toContain(keyword);
      expect(event.data.alert).toEqual({ id: alert.id, keyword });
      const slack = JSON.parse(arrivedAt(slackPath)[0].body);
      expect(slack.text).toContain(`1 new mention of “${keyword}”`);
      expect(JSON.stringify(slack.blocks)).toContain(keyword);

      // Settings: each card shows when it last delivered, as the API stored it.
      await page.goto(settingsUrl());
      const stored = (await apiGet(page.context(), '/api/channels')).items as {
        name: string;
        lastDeliveryAt: string | null;
      }[];
      for (const card of [hookCard, slackCard]) {
        await expect.poll(() => text(card)).toMatch(/Last delivery: .+ ago/);
        const channelName = await card.getAttribute('aria-label');
        const at = stored.find((c) => c.name === channelName)?.lastDeliveryAt;
        expect(at).not.toBeNull();
        expect(await card.locator('time').getAttribute('datetime')).toBe(at);
        expect(await text(card)).toContain('Active');
      }
      await visible(page.getByText('No failed deliveries'));
      await checkPage(page);
      await shot(page, 'channel-delivery');
    },
  );

  test('a gone target pauses its channel; a refused mention is a dead letter to retry', async () => {
    const page = await signedInPage(DESKTOP);
    const context = page.context();
    const id = uniqueTag();
    const keyword = `zendesk${id}x`;
    const gonePath = `/hooks/gone-${id}`;
    const forbiddenPath = `/hooks/forbidden-${id}`;
    const gone = await apiPost(context, '/api/channels', {
      kind: 'webhook',
      name: 'Gone hook',
      target: `${receiverUrl}${gonePath}`,
    });
    const forbidden = await apiPost(context, '/api/channels', {
      kind: 'webhook',
      name: 'Forbidden hook',
      target: `${receiverUrl}${forbiddenPath}`,
    });
    const alert = await apiPost(context, '/api/alerts', {
      keyword,
      channelIds: [gone.channel.id, forbidden.channel.id],
    });
    await postOnceChecked(context, alert.id, keyword);
    await expect.poll(() => arrivedAt(gonePath).length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => arrivedAt(forbiddenPath).length, { timeout: 30_000 }).toBe(1);

    // The dashboard names the channel Earshot paused, and why.
    const reason = 'The target answered 410 Gone: it no longer exists';
    await page.goto(`${suite.server.url}/dashboard`);
    const notice = page.getByRole('status').filter({ hasText: 'Earshot paused the channel' });
    await expect
      .poll(() => text(notice), { timeout: 15_000 })
      .toBe(`Earshot paused the channel "Gone hook": ${reason}. Check your channels`);
    expect(
      await notice.getByRole('link', { name: 'Check your channels' }).getAttribute('href'),
    ).toBe('/settings?tab=notifications');

    // Settings: the paused card says who paused it and why; the refusing one shows its error.
    await page.goto(settingsUrl());
    const goneCard = page.getByRole('article', { name: 'Gone hook' });
    await expect.poll(() => text(goneCard)).toContain('Paused by Earshot');
    expect(await text(goneCard)).toContain(`Earshot paused this channel: ${reason}.`);
    expect(await text(goneCard)).not.toContain('Paused by you');
    await visible(goneCard.getByRole('button', { name: 'Resume' }));
    const forbiddenCard = page.getByRole('article', { name: 'Forbidden hook' });
    await expect.poll(() => text(forbiddenCard)).toContain('Last error: HTTP 403: forbidden');
    expect(await text(forbiddenCard)).toContain('Active');

    // Failed deliveries: the refused mention at once (a 403 is not retried), and the one that
    // met the gone target.
    const letters = page.getByRole('list', { name: 'Failed deliveries' }).getByRole('listitem');
    await expect.poll(() => letters.count()).toBe(2);
    const refused = letters.filter({ hasText: 'HTTP 403: forbidden' });
    expect(await text(refused)).toContain(`To Forbidden hook · r/SaaS · “${keyword}”`);
    expect(await text(refused)).toContain('after 1 attempt');
    expect(await text(letters.filter({ hasText: reason }))).toContain('To Gone hook');

    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await checkPage(page);
      await shot(page, 'channel-delivery-failures');
    }
    await page.setViewportSize(DESKTOP);

    // Retry queues it again: a toast says so and the worker sends it once more. The receiver
    // still refuses, so it comes back to the list with a fresh attempt count.
    await refused.getByRole('button', { name: /^Retry the delivery of/ }).click();
    await visible(page.getByText('Delivery queued again'));
    await visible(page.getByText('To Forbidden hook'));
    await expect.poll(() => arrivedAt(forbiddenPath).length, { timeout: 30_000 }).toBe(2);
    const sent = arrivedAt(forbiddenPath).map((r) => r.headers['webhook-id']);
    expect(sent[1]).toBe(sent[0]);
    expect(arrivedAt(gonePath)).toHaveLength(1);
    await expect
      .poll(
        async () => {
          await page.reload();
          await visible(page.getByRole('list', { name: 'Failed deliveries' }));
          return text(refused);
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toContain('after 1 attempt');
  });
});
