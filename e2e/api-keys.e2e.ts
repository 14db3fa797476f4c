import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, registerThroughApi } from './support/browser';
import { text, visible } from './support/locators';
import {
  axeViolations,
  clippedTables,
  horizontalOverflow,
  readyForChecks,
  settle,
} from './support/page-checks';
import { useBrowserSuite } from './support/suite';
import { uniqueTag } from './support/unique-tag';
import { shot } from './support/shots';

/*
 * Settings → API and the reference page (DESIGN §7), at 1280 and 390 px: a write key is created
 * and shown once, works against /api/v1 from outside the browser (a keyword it creates shows in
 * the app), is listed with its last use, is revoked from the page and is refused from then on.
 * axe checks the tab, the new key's dialog and the rendered reference.
 */

const suite = useBrowserSuite('api-keys');

/** No critical or serious axe violation in `within`, and on a phone no sideways scroll. */
async function checkPage(page: Page, view: string, within?: string) {
  await settle(page);
  const problems = await axeViolations(page, within);
  if ((page.viewportSize()?.width ?? 0) < 768) {
    const overflow = await horizontalOverflow(page);
    if (overflow) problems.push(overflow);
    problems.push(...(await clippedTables(page)));
  }
  expect(problems, `${view} at ${page.viewportSize()?.width} px`).toEqual([]);
}

/** A call to the public API as an outside tool makes it: the key, and no cookie or Origin. */
const withKey = (key: string, path: string, init: RequestInit = {}) =>
  fetch(`${suite.server.url}/api/v1${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
  });

describe.skipIf(!suite.enabled)('API keys and the API reference in the browser', () => {
  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'on a %s: a write key is created, shown once, works, is revoked; the reference renders',
    async (_, viewport) => {
      const { url } = suite.server;
      const { context, page } = await suite.open(viewport);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
      await readyForChecks(page);
      await registerThroughApi(context, url);
      const phone = viewport.width < 768;

      // The tab: how to call the API and connect an agent, and no key yet.
      await page.goto(`${url}/settings?tab=api`);
      const panel = page.getByRole('tabpanel', { name: 'API' });
      await visible(panel.getByText('No API keys yet.'));
      expect(await text(panel)).toContain(`${url}/mcp`);
      expect(await panel.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe(
        '/api/docs/',
      );
      await checkPage(page, 'API tab, no key');
      await shot(page, 'api-keys-empty');

      // A name is required: the form says so under the field, and sends nothing.
      const create = panel.getByRole('button', { name: 'Create key' });
      await create.click();
      await visible(panel.getByText('Name is required'));

      // A write key: shown once, in full, with a Copy button and a first call to try.
      const name = `Zapier ${uniqueTag()}`;
      await panel.getByRole('textbox', { name: 'Name' }).fill(name);
      await panel.getByRole('radio', { name: 'Write' }).check();
      await create.click();
      const dialog = page.getByRole('dialog', { name: 'Your new API key' });
      await visible(dialog.getByText('Copy this key now: it will not be shown again.'));
      const key = await dialog.getByRole('textbox', { name: 'API key' }).inputValue();
      expect(key).toMatch(/^esk_[0-9A-Za-z]{46}$/);
      expect(await text(dialog)).toContain(
        `curl -H "Authorization: Bearer ${key}" ${url}/api/v1/mentions`,
      );
      await dialog.getByRole('button', { name: 'Copy key' }).click();
      await visible(dialog.getByRole('button', { name: 'Copied' }));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await checkPage(page, 'new key dialog', '[role="dialog"]');
      await shot(page, 'api-keys-created', { fullPage: false });
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });

      // Listed without the key: its first characters, scope, never used yet.
      const list = panel.getByRole(phone ? 'list' : 'table', { name: 'API keys' });
      await visible(list.getByText(name));
      const listed = await text(list);
      expect(listed).toContain(`${key.slice(0, 12)}…`);
      expect(listed).not.toContain(key.slice(0, 16));
      expect(listed).toMatch(/Write/);
      expect(listed).toContain('Never');

      // From outside the browser: the key creates a keyword and reads the mentions.
      const keyword = `apikey${uniqueTag()}`;
      const created = await withKey(key, '/alerts', {
        method: 'POST',
        body: JSON.stringify({ keyword }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const mentions = await withKey(key, '/mentions');
      expect(mentions.status).toBe(200);
      expect((await mentions.json()).items).toEqual([]);

      // The keyword is the workspace's own: the app lists it.
      await page.goto(`${url}/alerts`);
      await visible(page.getByText(keyword));

      // Back on the tab the key shows its use; revoking asks first, then it is gone.
      await page.goto(`${url}/settings?tab=api`);
      await visible(list.getByText(name));
      expect(await text(list)).not.toContain('Never');
      await checkPage(page, 'API tab, one key');
      await shot(page, 'api-keys-list');
      await list.getByRole('button', { name: `Revoke ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
      await visible(confirm.getByText(`${key.slice(0, 12)}…`, { exact: false }));
      await confirm.getByRole('button', { name: 'Revoke key' }).click();
      await visible(page.getByText('API key revoked'));
      await visible(panel.getByText('No API keys yet.'));

      // Refused at once, read and write alike.
      expect((await withKey(key, '/mentions')).status).toBe(401);
      expect(
        (await withKey(key, '/alerts', { method: 'POST', body: JSON.stringify({ keyword }) }))
          .status,
      ).toBe(401);

      // The reference the tab links to, once the renderer has drawn the document.
      await page.goto(`${url}/api/docs/`);
      await visible(page.getByRole('heading', { name: 'Earshot API' }), 20_000);
      await visible(page.getByRole('heading', { name: 'List mentions' }));
      await visible(page.getByText('Authorization: Bearer $EARSHOT_API_KEY').first());
      await shot(page, 'api-keys-docs', { fullPage: false });
      await checkPage(page, 'API reference');
    },
    90_000,
  );
});
