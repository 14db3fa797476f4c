import { eq } from 'drizzle-orm';
import pino from 'pino';
import { expect, test } from 'vitest';
import { digestConfigs } from '../../src/server/db/schema';
import { unsubscribeToken } from '../../src/server/email/digests/unsubscribe-token';
import { requestLogSerializers } from '../../src/server/http/request-log';
import { insertAlert } from '../helpers/mentions';
import { buildWithSmtp } from '../helpers/mail-app';

// Every credential a URL carries (a feed's token, the emailed links' tokens) is used through
// the real HTTP stack with the log captured at its most verbose; none may appear in the log.

const lines: string[] = [];
const logger = pino(
  { level: 'trace', serializers: requestLogSerializers },
  { write: (line: string) => void lines.push(line) },
);
const t = await buildWithSmtp({}, undefined, { logger });

const linkToken = (text: string | undefined, path: string) =>
  new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text ?? '')![1];

test('a run using a feed token and reset, verify and unsubscribe tokens logs none of them', async () => {
  const { client, email, user } = await t.signedIn(undefined, { verified: false });
  const used: string[] = [];

  const verify = linkToken((await t.sink.mailTo(email, /^Verify/)).parsed.text, '/verify-email');
  used.push(verify);
  await t.client().get(`/verify-email?token=${verify}`);
  expect((await t.client().post('/api/email-verification/confirm', { token: verify })).status).toBe(
    200,
  );

  await t.client().post('/api/password-reset/request', { email });
  const reset = linkToken(
    (await t.sink.mailTo(email, /^Reset your Earshot password$/)).parsed.text,
    '/reset-password',
  );
  used.push(reset);
  await t.client().get(`/reset-password?token=${reset}`);

  const alert = await insertAlert(t.db, user.id, 'zendesk');
  const feeds = (await client.get('/api/feeds')).body;
  const feedToken = /\/api\/feeds\/([\w-]{43})\//.exec(feeds.atomUrl)![1];
  used.push(feedToken);
  for (const url of [feeds.atomUrl, feeds.jsonUrl, feeds.alerts[0].atomUrl]) {
    expect((await fetch(`${t.url}${new URL(url).pathname}`)).status).toBe(200);
  }
  expect(feeds.alerts[0].alertId).toBe(alert.id);
  // A feed URL with an unknown alert and one with a malformed format still carry the token.
  await fetch(`${t.url}/api/feeds/${feedToken}/alerts/999999/json`);
  await fetch(`${t.url}/api/feeds/${feedToken}/rss`);

  const [config] = await t.db.select().from(digestConfigs).where(eq(digestConfigs.userId, user.id));
  const unsubscribe = unsubscribeToken(user.id, config.unsubscribeSecret);
  used.push(unsubscribe);
  const page = await t.client().get(`/unsubscribe?token=${unsubscribe}`);
  expect(page.status).toBe(200);
  const posted = await fetch(`${t.url}/unsubscribe?token=${unsubscribe}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(posted.status).toBe(200);

  const log = lines.join('');
  // The requests were logged, each with its secret replaced.
  expect(log).toContain('/api/feeds/[redacted]/atom');
  expect(log).toContain('/reset-password?token=[redacted]');
  expect(log).toContain('/verify-email?token=[redacted]');
  expect(log).toContain('/unsubscribe?token=[redacted]');
  for (const token of used) {
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
  }
});
