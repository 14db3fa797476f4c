import { readdir, readFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSmtpMailer } from '../../src/server/email/mailer';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { buildWithSmtp } from '../helpers/mail-app';
import { build, type TestApp } from '../helpers/test-app';

const quiet = { info: () => {}, warn: () => {} };

/** What the sink received but the verification links registration mails. */
const testEmails = (sink: SmtpSink) =>
  sink.messages.filter((m) => !m.parsed.messageId?.startsWith('<verify.'));

const waitForTestEmails = (sink: SmtpSink, count: number) =>
  sink.until(`${count} test emails`, () => testEmails(sink).length >= count && testEmails(sink));

describe('POST /api/test-email over SMTP', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    const withSmtp = await buildWithSmtp({}, 'Earshot <alerts@earshot.test>');
    t = withSmtp;
    sink = withSmtp.sink;
  });

  test("the test email arrives at the user's own address with HTML and text parts", async () => {
    const { client, email } = await t.signedIn();
    const res = await client.post('/api/test-email', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: `Test email sent to ${email}. Check your inbox and spam folder.`,
    });
    const [mail] = await waitForTestEmails(sink, 1);
    expect(mail.envelopeTo).toEqual([email]);
    expect(mail.parsed.subject).toBe('Earshot test email');
    expect(mail.parsed.from?.value).toEqual([{ name: 'Earshot', address: 'alerts@earshot.test' }]);
    expect(mail.parsed.html).toContain('Email delivery works');
    expect(mail.parsed.text).toContain(`This test message reached ${email}`);
    expect(mail.parsed.messageId).toMatch(/^<test\.[^@]+@localhost>$/);
    expect(mail.parsed.date).toBeInstanceOf(Date);
  });

  test('the own address may be named; another address is a 400 and nothing is sent', async () => {
    const { client, email } = await t.signedIn();
    const before = testEmails(sink).length;
    expect((await client.post('/api/test-email', { email: email.toUpperCase() })).status).toBe(200);
    const res = await client.post('/api/test-email', { email: 'victim@example.org' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('A test email can only be sent to your own address');
    expect(res.body.details).toEqual({
      email: 'A test email can only be sent to your own address',
    });
    // The request answers once the server has the mail, and the refused one sent nothing.
    await waitForTestEmails(sink, before + 1);
    expect(
      testEmails(sink)
        .slice(before)
        .map((m) => m.envelopeTo[0]),
    ).toEqual([email]);
  });

  test('at most 5 per hour per user: the 6th is a 429 with Retry-After, and the hour resets it', async () => {
    const { client } = await t.signedIn();
    const other = await t.signedIn();
    for (let i = 0; i < 5; i++) expect((await client.post('/api/test-email')).status).toBe(200);
    const limited = await client.post('/api/test-email');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(
      'You can send 5 test emails per hour. Please try again later.',
    );
    expect(Number(limited.headers.get('retry-after'))).toBe(3600);
    // Another user is not affected.
    expect((await other.client.post('/api/test-email')).status).toBe(200);
    t.clock.advance(60 * 60_000);
    expect((await client.post('/api/test-email')).status).toBe(200);
  });

  test('signed out is a 401', async () => {
    expect((await t.client().post('/api/test-email', {})).status).toBe(401);
  });

  test('a mail server that refuses the message gives a 502 with the reason, not a 500', async () => {
    const { client } = await t.signedIn();
    sink.setMode('permanent');
    try {
      const res = await client.post('/api/test-email', {});
      expect(res.status).toBe(502);
      expect(res.body.message).toMatch(/^The mail server refused the message: .*550/);
    } finally {
      sink.setMode('accept');
    }
  });

  test('an unreachable mail server is a 502 too', async () => {
    const { client } = await t.signedIn();
    await sink.stop();
    try {
      const res = await client.post('/api/test-email', {});
      expect(res.status).toBe(502);
      expect(res.body.message).toMatch(/could not be reached/);
    } finally {
      await sink.start();
    }
  });
});

describe('without SMTP_URL: the outbox', () => {
  let dataDir: string;
  let t: TestApp;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-outbox-'));
    t = await build({ DATA_DIR: dataDir });
  });
  afterAll(() => {});

  test('each message is written as a parsable .eml file, and the answer says where', async () => {
    const { client, email } = await t.signedIn();
    const res = await client.post('/api/test-email');
    expect(res.status).toBe(200);
    // Not "check your inbox": nothing was emailed.
    expect(res.body.message).toMatch(/nothing was emailed: .* outbox folder .*DATA_DIR\/outbox/);
    // Registration's verification link is in the outbox too.
    const all = await readdir(path.join(dataDir, 'outbox'));
    const files: string[] = [];
    for (const file of all) {
      const raw = await readFile(path.join(dataDir, 'outbox', file), 'utf8');
      if (raw.includes('Subject: Earshot test email')) files.push(file);
    }
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await simpleParser(await readFile(path.join(dataDir, 'outbox', files[0])));
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe(email);
    expect(parsed.subject).toBe('Earshot test email');
    expect(parsed.html).toContain('Email delivery works');
    expect(parsed.text).toContain('Email delivery works');
    expect(parsed.messageId).toBeTruthy();
  });
});

describe('TLS', () => {
  test.each(['starttls', 'implicit'] as const)(
    'the mailer encrypts when the server offers it (%s)',
    async (tls) => {
      const sink = await startSmtpSink({ tls });
      // smtp-server's certificate is self-signed; production verifies certificates.
      const mailer = createSmtpMailer({
        smtpUrl: sink.url,
        from: 'Earshot <alerts@earshot.test>',
        log: quiet,
        tls: { rejectUnauthorized: false },
      });
      try {
        expect(sink.url.startsWith(tls === 'implicit' ? 'smtps://' : 'smtp://')).toBe(true);
        const result = await mailer.send({
          to: 'someone@example.com',
          subject: 'hello',
          text: 'hi',
          html: '<p>hi</p>',
          messageId: '<tls-test@localhost>',
        });
        expect(result.status).toBe('accepted');
        const [mail] = await sink.waitFor(1);
        expect(mail.secure).toBe(true);
      } finally {
        await mailer.close();
        await sink.stop();
      }
    },
  );

  test('an untrusted certificate is refused by default: a temporary failure, not delivered', async () => {
    const sink = await startSmtpSink({ tls: 'starttls' });
    const mailer = createSmtpMailer({ smtpUrl: sink.url, from: 'a@b.c', log: quiet });
    try {
      const result = await mailer.send({
        to: 'someone@example.com',
        subject: 'hello',
        text: 'hi',
        html: '<p>hi</p>',
        messageId: '<tls-test-2@localhost>',
      });
      expect(result).toMatchObject({ status: 'temporary', notDelivered: true });
      expect(sink.messages).toHaveLength(0);
    } finally {
      await mailer.close();
      await sink.stop();
    }
  });
});
