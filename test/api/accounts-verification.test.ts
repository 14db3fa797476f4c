import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { digestConfigs } from '../../src/server/db/schema';
import { runDigestJob } from '../../src/server/email/digests/job';
import { createSmtpMailer } from '../../src/server/email/mailer';
import { insertAlert, insertMentions } from '../helpers/mentions';
import type { SmtpSink } from '../helpers/smtp-sink';
import { buildWithSmtp } from '../helpers/mail-app';
import type { TestApp } from '../helpers/test-app';

// A verification link after registration and after an email change; no other
// mail to an address before it is verified. Mail goes through a real SMTP server on loopback.

const quiet = { info: () => {}, warn: () => {} };
const HOUR = 3600_000;

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  const withSmtp = await buildWithSmtp();
  t = withSmtp;
  sink = withSmtp.sink;
});

const inbox = (to: string) => sink.messages.filter((m) => m.envelopeTo.includes(to));

/** The token of the link in a verification (or reset) mail, read from its text part. */
function linkToken(mail: { parsed: { text?: string } }, path: string) {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.parsed.text ?? '');
  if (!match) throw new Error(`no ${path} link in ${mail.parsed.text}`);
  return match[1];
}

describe('email verification', () => {
  test('registration signs in and mails a single-use link; test email waits for it', async () => {
    const { client, email, user } = await t.signedIn(undefined, { verified: false });
    expect(user.emailVerified).toBe(false);
    const mail = await sink.mailTo(email, /^Verify your email for Earshot$/);
    expect(mail.parsed.text).toContain('expires in 24 hours');
    expect(String(mail.parsed.html)).toContain('/verify-email?token=');

    const refused = await client.post('/api/test-email', {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^Verify your email address first/);

    const token = linkToken(mail, '/verify-email');
    // Opened in any browser: no session needed.
    const opened = await t.client().post('/api/email-verification/confirm', { token });
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ message: `${email} is verified.` });
    expect((await client.get('/api/user')).body.emailVerified).toBe(true);

    // Opened twice (a second click, a mail client's preview): it says so, not "not valid".
    const again = await t.client().post('/api/email-verification/confirm', { token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: `${email} is already verified.` });

    expect((await client.post('/api/test-email', {})).status).toBe(200);
    await sink.mailTo(email, /^Earshot test email$/);
  });

  test('saving the profile with the same email keeps the pending link and mails nothing', async () => {
    const { client, email } = await t.signedIn(undefined, { verified: false });
    const token = linkToken(await sink.mailTo(email, /^Verify/), '/verify-email');
    const saved = await client.put('/api/user/profile', { username: 'renamed_only', email });
    expect(saved.status).toBe(200);
    // A mail that is sure to come after anything the save might have sent: once it is here,
    // whatever the save sent would be too.
    await t.client().post('/api/password-reset/request', { email });
    await sink.mailTo(email, 'Reset your Earshot password');
    expect(inbox(email).map((m) => m.parsed.subject)).toEqual([
      'Verify your email for Earshot',
      'Reset your Earshot password',
    ]);
    const opened = await t.client().post('/api/email-verification/confirm', { token });
    expect(opened.status).toBe(200);
  });

  test('a link expires after 24 hours; a made-up token is the same 400', async () => {
    const { email } = await t.signedIn(undefined, { verified: false });
    const token = linkToken(await sink.mailTo(email, /^Verify/), '/verify-email');
    t.clock.advance(24 * HOUR + 1000);
    const late = await t.client().post('/api/email-verification/confirm', { token });
    expect(late.status).toBe(400);
    const forged = await t.client().post('/api/email-verification/confirm', {
      token: 'A'.repeat(43),
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(late.body.message);
    const empty = await t.client().post('/api/email-verification/confirm', {});
    expect(empty.status).toBe(400);
  });

  test('Resend mails a new link (the old one stops working), at most 5 an hour', async () => {
    const { client, email } = await t.signedIn(undefined, { verified: false });
    const first = linkToken(await sink.mailTo(email, /^Verify/), '/verify-email');
    const resent = await client.post('/api/user/email-verification');
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ message: `Verification email sent to ${email}.` });
    const verifyMails = () => inbox(email).filter((m) => /^Verify/.test(m.parsed.subject ?? ''));
    const mails = await sink.until(
      'the second link',
      () => verifyMails().length >= 2 && verifyMails(),
    );
    expect(mails).toHaveLength(2);
    const second = linkToken(mails[1], '/verify-email');
    expect(second).not.toBe(first);
    expect(
      (await t.client().post('/api/email-verification/confirm', { token: first })).status,
    ).toBe(400);
    for (let i = 0; i < 4; i++) {
      expect((await client.post('/api/user/email-verification')).status).toBe(200);
    }
    const limited = await client.post('/api/user/email-verification');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    t.clock.advance(HOUR);
    expect((await client.post('/api/user/email-verification')).status).toBe(200);

    const verified = await t.signedIn();
    const nothing = await verified.client.post('/api/user/email-verification');
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('Your email address is already verified');
    expect((await t.client().post('/api/user/email-verification')).status).toBe(401);
  });

  test('the digest job sends nothing to an unverified address, and sends once it is verified', async () => {
    const { email, user } = await t.signedIn(undefined, { verified: false });
    const alert = await insertAlert(t.db, user.id, 'stripe');
    await insertMentions(t.db, alert, 2);
    const [config] = await t.db
      .select()
      .from(digestConfigs)
      .where(eq(digestConfigs.userId, user.id));
    t.clock.advance(config.nextSlotAt!.getTime() - t.clock.now().getTime() + 60_000);
    const mailer = createSmtpMailer({ smtpUrl: sink.url, from: 'a@earshot.test', log: quiet });
    const job = () =>
      runDigestJob({
        db: t.db,
        mailer,
        clock: t.clock,
        appUrl: t.config.appUrl,
        mailFrom: 'a@earshot.test',
        supportEmail: t.config.supportEmail,
        log: quiet,
      });
    // The job returns once its sends are done: a digest it sent would be in the inbox now.
    expect((await job()).sent).toBe(0);
    expect(inbox(email).filter((m) => /digest/.test(m.parsed.subject ?? ''))).toHaveLength(0);

    const token = linkToken(await sink.mailTo(email, /^Verify/), '/verify-email');
    expect((await t.client().post('/api/email-verification/confirm', { token })).status).toBe(200);
    await job();
    const digest = await sink.mailTo(email, /digest/);
    expect(digest.parsed.subject).toMatch(/^Your daily Earshot digest: 2 new mentions/);
    await mailer.close();
  });
});
