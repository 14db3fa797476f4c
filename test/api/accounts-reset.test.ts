import { beforeAll, describe, expect, test } from 'vitest';
import { PASSWORD_RESET_REQUESTED } from '../../src/shared/api/auth';
import type { SmtpSink } from '../helpers/smtp-sink';
import { buildWithSmtp } from '../helpers/mail-app';
import { build, type TestApp } from '../helpers/test-app';

// "Forgot password?" mails a single-use link (1 h); setting a new password
// ends every session; the request answers the same for any email and is rate-limited.

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  const withSmtp = await buildWithSmtp();
  t = withSmtp;
  sink = withSmtp.sink;
});

const resetMails = (to: string) =>
  sink.messages.filter(
    (m) => m.envelopeTo.includes(to) && m.parsed.subject === 'Reset your Earshot password',
  );

async function resetToken(to: string, count = 1) {
  const mail = await sink.until(
    `reset mail ${count} to ${to}`,
    () => resetMails(to).length >= count && resetMails(to)[count - 1],
  );
  return /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '')![1];
}

describe('password reset', () => {
  test('the link sets a new password, ends every session and works once', async () => {
    const { client, email, password } = await t.signedIn();
    const other = t.client();
    expect((await other.post('/api/login', { username: email, password })).status).toBe(200);

    const asked = await t
      .client()
      .post('/api/password-reset/request', { email: email.toUpperCase() });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: PASSWORD_RESET_REQUESTED });
    const token = await resetToken(email);
    const mail = resetMails(email)[0];
    expect(mail.parsed.text).toContain('expires in 1 hour');

    const mismatch = await t.client().post('/api/password-reset/confirm', {
      token,
      newPassword: 'new-secret-1',
      confirmPassword: 'new-secret-2',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.details.confirmPassword).toBe("Passwords don't match");
    const short = await t.client().post('/api/password-reset/confirm', {
      token,
      newPassword: '123',
      confirmPassword: '123',
    });
    expect(short.status).toBe(400);
    expect(short.body.details.newPassword).toBe('Password must be at least 6 characters');

    const done = await t.client().post('/api/password-reset/confirm', {
      token,
      newPassword: 'new-secret-1',
      confirmPassword: 'new-secret-1',
    });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Your password has been changed. Sign in with the new one.');
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await t.client().post('/api/login', { username: email, password })).status).toBe(401);
    const fresh = t.client();
    expect(
      (await fresh.post('/api/login', { username: email, password: 'new-secret-1' })).status,
    ).toBe(200);
    // The link reached the address: it counts as verified.
    expect((await fresh.get('/api/user')).body.emailVerified).toBe(true);

    const reused = await t.client().post('/api/password-reset/confirm', {
      token,
      newPassword: 'another-1',
      confirmPassword: 'another-1',
    });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('This link is not valid or has expired. Ask for a new one.');
  });

  test('an unknown email gets the same answer and no mail', async () => {
    const { email } = await t.signedIn();
    await sink.mailTo(email, 'Verify your email for Earshot');
    const before = sink.messages.length;
    const res = await t
      .client()
      .post('/api/password-reset/request', { email: 'nobody@example.com' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: PASSWORD_RESET_REQUESTED });
    // A request for a real account right after: once its mail is here, a mail for the first
    // request (which has less to do) would have arrived before it.
    await t.client().post('/api/password-reset/request', { email });
    await resetToken(email);
    expect(sink.messages.slice(before).map((m) => m.envelopeTo)).toEqual([[email]]);
    const bad = await t.client().post('/api/password-reset/request', { email: 'not an email' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.email).toBe('Enter a valid email address');
  });

  test('a link expires after 1 hour; a newer link replaces it', async () => {
    const { email } = await t.signedIn();
    await t.client().post('/api/password-reset/request', { email });
    const first = await resetToken(email, 1);
    await t.client().post('/api/password-reset/request', { email });
    const second = await resetToken(email, 2);
    const body = (token: string) => ({ token, newPassword: 'abcdef1', confirmPassword: 'abcdef1' });
    expect((await t.client().post('/api/password-reset/confirm', body(first))).status).toBe(400);
    t.clock.advance(60 * 60_000 + 1000);
    expect((await t.client().post('/api/password-reset/confirm', body(second))).status).toBe(400);
  });
});

describe('reset requests are rate-limited per email and per IP', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '10' });
  });

  test('3 an hour per email, account or not; 5 a minute per IP', async () => {
    const ask = (email: string) => limited.client().post('/api/password-reset/request', { email });
    const MINUTE = 60_000;
    await limited.signedIn('someone@example.com');
    for (const email of ['someone@example.com', 'nobody-at-all@example.com']) {
      for (let i = 0; i < 3; i++) {
        expect((await ask(email)).status).toBe(202);
        limited.clock.advance(MINUTE); // past the per-IP window, inside the per-email hour
      }
      const res = await ask(email);
      expect(res.status).toBe(429);
      expect(res.body.message).toBe(
        'Too many reset requests for this email. Please try again in an hour.',
      );
    }
    limited.clock.advance(60 * MINUTE);
    expect((await ask('someone@example.com')).status).toBe(202);

    limited.clock.advance(MINUTE);
    for (let i = 0; i < 5; i++) expect((await ask(`x${i}@example.com`)).status).toBe(202);
    const ip = await ask('y@example.com');
    expect(ip.status).toBe(429);
    expect(ip.body.message).toBe('Too many attempts. Please wait a minute and try again.');
  });
});
