import { describe, expect, test } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../test/helpers/smtp-sink';
import { DESKTOP, PHONE, registerThroughApi, uniqueUser } from './support/browser';
import { visible } from './support/locators';
import { useBrowserSuite } from './support/suite';
import { shot } from './support/shots';

// Email verification and password reset in the browser: verify, resend and reset at 1280 and
// 390 px, with the server mailing through a real SMTP server on loopback.

let sink: SmtpSink | undefined;
const suite = useBrowserSuite('accounts', {
  env: async () => {
    sink = await startSmtpSink();
    return { SMTP_URL: sink.url, MAIL_FROM: 'Earshot <alerts@earshot.test>' };
  },
});

/** The token of the newest link of `path` mailed to `to`. */
async function linkFor(to: string, path: string, count = 1) {
  let mails: NonNullable<typeof sink>['messages'] = [];
  await expect
    .poll(() => {
      mails = sink!.messages.filter(
        (m) => m.envelopeTo.includes(to) && (m.parsed.text ?? '').includes(`${path}?token=`),
      );
      return mails.length;
    })
    .toBeGreaterThanOrEqual(count);
  const text = mails[mails.length - 1].parsed.text ?? '';
  return new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)![1];
}

describe.skipIf(!suite.enabled)('accounts in the browser', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`verify and resend at ${viewport.width} px`, async () => {
      const { page, context } = await suite.open(viewport);
      const user = await registerThroughApi(context, suite.server.url, uniqueUser('verify'));
      const first = await linkFor(user.email, '/verify-email');

      // The dashboard says why no email arrives; Settings offers Resend.
      await page.goto(`${suite.server.url}/dashboard`);
      await visible(page.getByText('Verify your email'));
      await visible(page.getByText(/Until you open it, Earshot sends no digests or test emails/));
      await page.goto(`${suite.server.url}/settings`);
      await visible(page.getByText('Verify your email'));
      await shot(page, 'accounts-settings-unverified');
      await page.getByRole('button', { name: 'Resend' }).click();
      await visible(page.getByText(`Verification email sent to ${user.email}.`));
      const second = await linkFor(user.email, '/verify-email', 2);
      expect(second).not.toBe(first);

      // The first link was replaced by the second.
      suite.session?.expectError({ text: /status of 400/, url: /email-verification\/confirm$/ });
      await page.goto(`${suite.server.url}/verify-email?token=${first}`);
      await visible(page.getByText('This link does not work'));
      await page.goto(`${suite.server.url}/verify-email?token=${second}`);
      await visible(page.getByText('Email verified'));
      await visible(page.getByText(`${user.email} is verified.`));
      await shot(page, 'accounts-verified');
      await page.getByRole('link', { name: 'Go to Settings' }).click();
      await visible(page.getByRole('textbox', { name: 'Username', exact: true }));
      expect(await page.getByText('Verify your email').count()).toBe(0);
    });

    test(`forgot password and reset at ${viewport.width} px`, async () => {
      const { page, context } = await suite.open(viewport);
      const user = await registerThroughApi(context, suite.server.url, uniqueUser('reset'));
      await context.clearCookies();

      await page.goto(`${suite.server.url}/auth`);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await visible(page.getByRole('heading', { name: 'Reset your password' }));
      await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await visible(page.getByText('Check your email'));
      await shot(page, 'accounts-forgot-sent');

      const token = await linkFor(user.email, '/reset-password');
      await page.goto(`${suite.server.url}/reset-password?token=${token}`);
      await visible(page.getByRole('heading', { name: 'Choose a new password' }));
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill('brand-new-pass');
      await page.getByRole('textbox', { name: 'Confirm new password' }).fill('brand-new-pass');
      await shot(page, 'accounts-reset-form');
      await page.getByRole('button', { name: 'Set New Password' }).click();
      await visible(page.getByText('Sign in with the new one.'));

      // Back on the sign-in page: the new password works.
      await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('brand-new-pass');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await visible(page.getByText(`Welcome back, ${user.email}!`));
    });
  }
});
