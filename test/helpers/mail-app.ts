import { afterAll } from 'vitest';
import { createSmtpMailer } from '../../src/server/email/mailer';
import { startSmtpSink } from './smtp-sink';
import { build } from './test-app';

const quiet = { info: () => {}, warn: () => {} };

/**
 * The app mailing through a real SMTP server on loopback (the capture in `sink`), both torn down
 * after the file.
 */
export async function buildWithSmtp(
  env: Record<string, string> = {},
  from = 'Earshot <a@earshot.test>',
  options: Omit<Parameters<typeof build>[1], 'mailer'> = {},
) {
  const sink = await startSmtpSink();
  const mailer = createSmtpMailer({ smtpUrl: sink.url, from, log: quiet });
  const t = await build(env, { ...options, mailer });
  afterAll(async () => {
    await mailer.close();
    await sink.stop();
  });
  return { ...t, sink };
}
