import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../test/helpers/smtp-sink';
import { DESKTOP, PHONE, registerThroughApi } from './support/browser';
import { text, visible } from './support/locators';
import { axeViolations, horizontalOverflow, readyForChecks, settle } from './support/page-checks';
import { useBrowserSuite } from './support/suite';
import { shot } from './support/shots';

let sink: SmtpSink | undefined;
// The server sends through a real SMTP server on loopback, started before it.
const suite = useBrowserSuite('email', {
  env: async () => {
    sink = await startSmtpSink();
    return { SMTP_URL: sink.url, MAIL_FROM: 'Earshot <alerts@earshot.test>' };
  },
});

async function signedInPage(
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ page: Page; email: string }> {
  const session = await suite.open(viewport);
  const user = await registerThroughApi(session.context, suite.server.url);
  await verifyEmail(user.email);
  return { page: session.page, email: user.email };
}

/** Opens the verification link registration mailed: mail goes only to verified addresses. */
async function verifyEmail(email: string) {
  const token = await sink!.until(`the verification mail to ${email}`, () => {
    const mail = sink!.messages.find(
      (m) => m.envelopeTo.includes(email) && m.parsed.messageId?.startsWith('<verify.'),
    );
    return /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.parsed.text ?? '')?.[1];
  });
  const res = await fetch(`${suite.server.url}/api/email-verification/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: suite.server.url },
    body: JSON.stringify({ token }),
  });
  if (res.status !== 200) throw new Error(`verify failed: ${res.status}`);
}

describe.skipIf(!suite.enabled)('email in the browser', () => {
  test('Send Test Email delivers to the own address and says so', async () => {
    const { page, email } = await signedInPage();
    await page.goto(`${suite.server.url}/settings?tab=danger`);
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await visible(page.getByText('Test email sent', { exact: true }));
    await visible(page.getByText(`Test email sent to ${email}. Check your inbox and spam folder.`));
    const mineNow = () =>
      sink!.messages.filter(
        (m) => m.envelopeTo.includes(email) && !m.parsed.messageId?.startsWith('<verify.'),
      );
    await expect.poll(() => mineNow().length).toBe(1);
    const mine = mineNow();
    expect(mine[0].parsed.subject).toBe('Earshot test email');
    expect(mine[0].parsed.text).toContain('Email delivery works');
  });

  test('a refused test email shows the failure toast', async () => {
    const { page } = await signedInPage();
    suite.session?.expectError({ text: /status of 502/, url: /\/api\/test-email$/ });
    sink!.setMode('permanent');
    try {
      await page.goto(`${suite.server.url}/settings?tab=danger`);
      await page.getByRole('button', { name: 'Send Test Email' }).click();
      await visible(page.getByText('Failed to send email'));
      await visible(page.getByText(/The mail server refused the message/));
    } finally {
      sink!.setMode('accept');
    }
  });

  test('the Notifications tab shows the next digest and saves weekly settings', async () => {
    const { page } = await signedInPage();
    await page.goto(`${suite.server.url}/settings?tab=notifications`);
    await visible(page.getByText('Email Digests'));
    await visible(page.getByText('Next digest'));
    await visible(page.getByText('None sent yet'));
    const save = page.getByRole('button', { name: 'Save Changes' });
    expect(await save.isDisabled()).toBe(true);
    await shot(page, 'notifications');

    await page.getByText('Weekly', { exact: true }).click();
    await page.getByRole('combobox', { name: 'Day of the week' }).click();
    await page.getByRole('option', { name: 'Friday' }).click();
    await page.getByLabel('Time', { exact: true }).fill('17:30');
    await page.getByRole('combobox', { name: 'Timezone' }).fill('Europe/Par');
    await page.getByRole('option', { name: 'Europe/Paris' }).click();
    await save.click();
    await visible(page.getByText('Digest settings saved'));
    await expect.poll(() => text(page.getByText(/^Friday, .* 5:30 PM$/))).toMatch(/Friday/);
    await visible(page.getByText(/Europe\/Paris · sent only when there are new mentions/));
    expect(await save.isDisabled()).toBe(true);

    const saved = await page.context().request.get(`${suite.server.url}/api/digest-config`);
    expect(await saved.json()).toMatchObject({
      frequency: 'weekly',
      weekday: 5,
      time: '17:30',
      timezone: 'Europe/Paris',
      isActive: true,
    });

    await page.getByRole('switch', { name: 'Email me a digest of new mentions' }).uncheck();
    await save.click();
    await visible(page.getByText('Email digests are off'));
  });

  test('the Notifications tab fits a phone', async () => {
    const { page } = await signedInPage(PHONE);
    await page.goto(`${suite.server.url}/settings?tab=notifications`);
    await visible(page.getByText('Next digest'));
    await shot(page, 'notifications');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });

  test.each([DESKTOP, PHONE])(
    'the Weekly report switch saves at once and meets WCAG at %o',
    async (viewport) => {
      const { page } = await signedInPage(viewport);
      await readyForChecks(page);
      await page.goto(`${suite.server.url}/settings?tab=notifications`);
      // Mantine's switch input is visually hidden behind its track: its label is what shows.
      const toggle = page.getByRole('switch', { name: 'Weekly report' });
      await visible(page.getByText('Weekly report', { exact: true }));
      await visible(
        page.getByText(
          'Every Monday morning: your mentions, replies and what they earned over the past week',
        ),
      );
      expect(await toggle.isChecked()).toBe(false);

      // Clicked, and its state read again through the locator: Playwright's check() reads the
      // element it clicked, and a re-render can have put a new one in its place (seen under load).
      await toggle.click();
      await expect.poll(() => toggle.isChecked()).toBe(true);
      await visible(page.getByText('Weekly report on', { exact: true }));
      await visible(page.getByText(/^Next report Monday, .* 8:00 AM · sent only for a week/));
      const saved = await page.context().request.get(`${suite.server.url}/api/digest-config`);
      expect((await saved.json()).weeklyReport.isActive).toBe(true);
      // Apart from the digest form: nothing there to save.
      expect(await page.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);

      await settle(page);
      const problems = await axeViolations(page);
      if (viewport.width < 768) {
        const overflow = await horizontalOverflow(page);
        if (overflow) problems.push(overflow);
      }
      expect(problems).toEqual([]);
      await shot(page, 'weekly-report');

      await page.reload();
      expect(await toggle.isChecked()).toBe(true);
      await toggle.click();
      await visible(page.getByText('Weekly report off', { exact: true }));
      expect(await toggle.isChecked()).toBe(false);
    },
  );
});
