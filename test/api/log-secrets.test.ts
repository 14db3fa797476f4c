import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { digestConfigs } from '../../src/server/db/schema';
import { unsubscribeToken } from '../../src/server/email/digests/unsubscribe-token';
import { createSmtpMailer } from '../../src/server/email/mailer';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { build, type TestApp } from '../helpers/test-app';

/*
 * Every secret a URL can carry goes through the real HTTP stack with the request log at info,
 * then the whole log is searched for each of them: a feed token in the path, the verify, reset
 * and unsubscribe tokens in the query, and an API key. The log keeps the rest of each URL.
 */
let t: TestApp;
let sink: SmtpSink;
const logged: string[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  const mailer = createSmtpMailer({
    smtpUrl: sink.url,
    from: 'Earshot <a@earshot.test>',
    log: { info: () => {}, warn: () => {} },
  });
  const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(line) });
  t = await build({}, { mailer, logger });
  afterAll(async () => {
    await mailer.close();
    await sink.stop();
  });
});

const tokenIn = (text: string | undefined, path: string) => {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text ?? '');
  if (!match) throw new Error(`no ${path} link in ${text}`);
  return match[1];
};

describe('the request log', () => {
  test('names no token a request carried, in its path or its query', async () => {
    const { client, email, user } = await t.signedIn(undefined, { verified: false });
    const verify = tokenIn((await sink.mailTo(email, /^Verify/)).parsed.text, '/verify-email');
    await t.client().get(`/verify-email?token=${verify}`);
    await t.client().post('/api/email-verification/confirm', { token: verify });

    await t.client().post('/api/password-reset/request', { email });
    const reset = tokenIn(
      (await sink.mailTo(email, 'Reset your Earshot password')).parsed.text,
      '/reset-password',
    );
    await t.client().get(`/reset-password?token=${reset}`);

    const [digest] = await t.db
      .select()
      .from(digestConfigs)
      .where(eq(digestConfigs.userId, user.id));
    const unsubscribe = unsubscribeToken(user.id, digest.unsubscribeSecret);
    await t.client().get(`/unsubscribe?token=${unsubscribe}`);

    const feeds = (await client.get('/api/feeds')).body as { atomUrl: string; jsonUrl: string };
    const feedToken = /\/api\/feeds\/([\w-]+)\/atom$/.exec(feeds.atomUrl)![1];
    expect((await t.client().get(new URL(feeds.jsonUrl).pathname)).status).toBe(200);
    await t.client().get(`/api/feeds/${feedToken}/alerts/1/atom?format=x`);

    const apiKey = 'esk_0123456789abcdefghijklmnopqrstuv';
    await t.client().get(`/api/mentions?q=${apiKey}`);
    await t.client().get(`/api/v1/mentions?api_key=${apiKey}`);

    const log = logged.join('');
    expect(log).toContain('/api/feeds/[redacted]/json');
    expect(log).toContain('/reset-password?token=[redacted]');
    for (const secret of [verify, reset, unsubscribe, feedToken, apiKey]) {
      expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
    }
  });
});
