import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, registerThroughApi } from './support/browser';
import { previewAnswered, submit, text, visible } from './support/locators';
import { startReceiver, type Received, type Receiver } from './support/receiver';
import { axeViolations, preloadAxe, settle } from './support/page-checks';
import { useBrowserSuite } from './support/suite';
import { uniqueTag } from './support/unique-tag';
import { shot } from './support/shots';

let receiver: Receiver | undefined;
let receiverUrl = '';
let received: Received[] = [];

/** A path with "broken" in it stands for a receiver that is down; the rest answer 200. */
const answer = (path: string): [number, string] =>
  path.includes('broken') ? [503, 'down for maintenance'] : [200, 'thanks'];

// A loopback target is refused unless the server allows private webhooks (DESIGN §5).
const suite = useBrowserSuite('channels', {
  env: async () => {
    receiver = await startReceiver(answer);
    ({ url: receiverUrl, received } = receiver);
    return { ALLOW_PRIVATE_WEBHOOKS: 'true' };
  },
});
afterAll(() => receiver?.close());

async function signedInPage(viewport: { width: number; height: number }): Promise<Page> {
  const session = await suite.open(viewport);
  await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: suite.server.url,
  });
  await preloadAxe(session.context);
  await registerThroughApi(session.context, suite.server.url);
  return session.page;
}

const dialog = (page: Page) => page.getByRole('dialog');
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function apiGet(page: Page, path: string) {
  const res = await page.context().request.get(`${suite.server.url}${path}`);
  return res.json();
}

describe.skipIf(!suite.enabled)('channels and feeds in the browser', () => {
  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'on a %s: a webhook is added, its secret shown once, tested, chosen for a keyword; feeds copy',
    async (name, viewport) => {
      const page = await signedInPage(viewport);
      // A path of this attempt's own: the receiver keeps what a first attempt was sent.
      const hookPath = `/hooks/${name}-${uniqueTag()}`;
      const hook = `${receiverUrl}${hookPath}`;
      await page.goto(`${suite.server.url}/settings?tab=notifications`);
      await visible(page.getByText('No channels yet'));
      await visible(page.getByText('No failed deliveries'));
      expect(await sideways(page)).toBe(0);

      // Adding: the kind's help, a field error as you type, then the webhook.
      await page.getByRole('button', { name: 'Add channel' }).first().click();
      await visible(dialog(page).getByText(/api\.slack\.com\/apps/));
      await dialog(page).getByRole('textbox', { name: 'Name' }).fill('Team hook');
      const url = dialog(page).getByRole('textbox', { name: 'Incoming-webhook URL' });
      await url.fill('https://discord.com/api/webhooks/1/abc');
      await visible(
        dialog(page).getByText('This is a Discord URL: choose Discord as the channel type'),
      );
      expect(await sideways(page)).toBe(0);
      await shot(page, 'channels-add', { fullPage: false });
      await settle(page);
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
      await dialog(page).getByRole('radio', { name: 'Webhook' }).check();
      await visible(dialog(page).getByText(/signed as Standard Webhooks describe/));
      await dialog(page).getByRole('textbox', { name: 'Webhook URL' }).fill(hook);
      await dialog(page).getByRole('button', { name: 'Add channel' }).click();

      // The signing secret, once, with Copy.
      await visible(dialog(page).getByText('Signing secret'));
      await visible(dialog(page).getByText(/It is shown once/));
      const secret = await dialog(page)
        .getByText(/^whsec_/)
        .textContent();
      expect(secret).toMatch(/^whsec_/);
      await dialog(page).getByRole('button', { name: 'Copy' }).click();
      await visible(dialog(page).getByRole('button', { name: 'Copied' }));
      expect(await clipboard(page)).toBe(secret);
      await shot(page, 'channels-secret', { fullPage: false });
      await dialog(page).getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => dialog(page).count()).toBe(0);

      // The card: masked target, active, nothing delivered yet; the secret is not on the page.
      const card = page.getByRole('article', { name: 'Team hook' });
      await visible(card);
      await expect.poll(() => text(card)).toContain('Active');
      await expect.poll(() => text(card)).toContain('Last delivery: none yet');
      expect(await text(card)).not.toContain(`/hooks/${name}`);
      expect(await page.content()).not.toContain(secret!);

      // Send test: the receiver gets a signed channel.test, and the card says what it answered.
      const before = received.length;
      await card.getByRole('button', { name: 'Send test' }).click();
      await visible(card.getByText('Test message delivered'));
      await expect.poll(() => text(card.getByRole('status'))).toMatch(/200/);
      const test = received.slice(before).find((r) => r.path === hookPath);
      expect(test).toBeDefined();
      expect(JSON.parse(test!.body)).toMatchObject({ type: 'channel.test' });
      expect(test!.headers['webhook-signature']).toMatch(/^v1,/);
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
      expect(await sideways(page)).toBe(0);
      await shot(page, 'channels-settings');

      // Feeds: both URLs shown; the copied JSON Feed URL serves a JSON Feed 1.1.
      const feeds = await apiGet(page, '/api/feeds');
      const jsonField = page.getByRole('textbox', { name: 'JSON Feed URL', exact: true });
      await expect.poll(() => jsonField.inputValue()).toBe(feeds.jsonUrl);
      expect(
        await page.getByRole('textbox', { name: 'Atom feed URL', exact: true }).inputValue(),
      ).toBe(feeds.atomUrl);
      await page.getByRole('button', { name: 'Copy JSON Feed URL', exact: true }).click();
      await expect.poll(() => clipboard(page)).toBe(feeds.jsonUrl);
      const feed = await fetch(await clipboard(page));
      expect(feed.status).toBe(200);
      expect(feed.headers.get('content-type')).toMatch(/application\/feed\+json/);
      expect(await feed.json()).toMatchObject({ version: 'https://jsonfeed.org/version/1.1' });

      // Send to: the keyword dialog offers the channel, and the alert is saved with it.
      await page.goto(`${suite.server.url}/dashboard`);
      await page.getByRole('button', { name: 'Add Keyword', exact: true }).click();
      await dialog(page).getByRole('textbox', { name: 'Keyword' }).fill('helpdesk');
      await previewAnswered(dialog(page));
      await dialog(page).getByLabel('Send to').click();
      await page.getByRole('option', { name: /Team hook/ }).click();
      await page.keyboard.press('Escape');
      await visible(dialog(page).getByText('Team hook (Webhook)'));
      expect(await sideways(page)).toBe(0);
      await shot(page, 'channels-send-to', { fullPage: false });
      await submit(dialog(page).getByRole('button', { name: 'Add Keywords' }));
      await visible(page.getByText('Your new alert has been created successfully.'));
      const [channel] = (await apiGet(page, '/api/channels')).items;
      const [alert] = await apiGet(page, '/api/alerts');
      expect(alert).toMatchObject({ keyword: 'helpdesk', channelIds: [channel.id] });

      // The keyword's own feeds appear, collapsed until asked for.
      await page.goto(`${suite.server.url}/settings?tab=notifications`);
      await page.getByRole('button', { name: /Feeds for each keyword \(1\)/ }).click();
      await visible(page.getByRole('textbox', { name: 'JSON Feed URL for helpdesk' }));
      expect(await sideways(page)).toBe(0);
      await shot(page, 'channels-feeds');
    },
  );

  test('a channel is paused, resumed, renamed, its secret rotated, and deleted; feed URLs regenerate', async () => {
    const page = await signedInPage(DESKTOP);
    const created = await page.context().request.post(`${suite.server.url}/api/channels`, {
      data: { kind: 'webhook', name: 'Ops hook', target: `${receiverUrl}/hooks/ops` },
      headers: { Origin: suite.server.url },
    });
    expect(created.status()).toBe(201);
    const broken = await page.context().request.post(`${suite.server.url}/api/channels`, {
      data: { kind: 'webhook', name: 'Broken hook', target: `${receiverUrl}/hooks/broken` },
      headers: { Origin: suite.server.url },
    });
    expect(broken.status()).toBe(201);
    const oldFeeds = await apiGet(page, '/api/feeds');
    await page.goto(`${suite.server.url}/settings?tab=notifications`);
    const card = page.getByRole('article', { name: 'Ops hook' });

    // A refused test says so, and what the receiver answered, on the card.
    const brokenCard = page.getByRole('article', { name: 'Broken hook' });
    await brokenCard.getByRole('button', { name: 'Send test' }).click();
    await visible(brokenCard.getByText('Test message not delivered'));
    await expect.poll(() => text(brokenCard.getByRole('status'))).toMatch(/503/);
    await shot(page, 'channels-test-failed');
    await brokenCard.getByRole('button', { name: 'More actions for Broken hook' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog(page).getByRole('button', { name: 'Delete channel' }).click();
    await expect.poll(() => brokenCard.count()).toBe(0);

    await card.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => text(card)).toContain('Paused by you');
    await card.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => text(card)).toContain('Active');

    await card.getByRole('button', { name: 'More actions for Ops hook' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await dialog(page).getByRole('textbox', { name: 'Name' }).fill('Ops receiver');
    await dialog(page).getByRole('button', { name: 'Save name' }).click();
    const renamed = page.getByRole('article', { name: 'Ops receiver' });
    await visible(renamed);

    await renamed.getByRole('button', { name: 'More actions for Ops receiver' }).click();
    await page.getByRole('menuitem', { name: 'Rotate signing secret' }).click();
    await visible(dialog(page).getByText(/signed with a new secret/));
    await dialog(page).getByRole('button', { name: 'Rotate secret' }).click();
    await visible(dialog(page).getByText(/It is shown once/));
    expect(
      await dialog(page)
        .getByText(/^whsec_/)
        .textContent(),
    ).toMatch(/^whsec_/);
    await dialog(page).getByRole('button', { name: 'Done' }).click();

    await renamed.getByRole('button', { name: 'More actions for Ops receiver' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog(page).getByRole('button', { name: 'Delete channel' }).click();
    await visible(page.getByText('No channels yet'));
    // The toast sits at the top of the content column, off the sidebar and off the page's lower
    // controls: bottom right, it lay over "Regenerate URLs", and the pointer resting on it there
    // paused its closing for as long as the click waited.
    const toast = await page
      .getByRole('alert')
      .filter({ hasText: 'Channel deleted' })
      .boundingBox();
    expect(toast && toast.y + toast.height).toBeLessThan(120);
    expect(toast?.x).toBeGreaterThan(264);

    await page.getByRole('button', { name: 'Regenerate URLs' }).click();
    await visible(dialog(page).getByText(/old URLs stop working/));
    await dialog(page).getByRole('button', { name: 'Regenerate URLs' }).click();
    const jsonField = page.getByRole('textbox', { name: 'JSON Feed URL', exact: true });
    await expect.poll(() => jsonField.inputValue()).not.toBe(oldFeeds.jsonUrl);
    expect((await fetch(oldFeeds.jsonUrl)).status).toBe(404);
    expect((await fetch(await jsonField.inputValue())).status).toBe(200);
  });
});
