import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ConnectionOptions } from 'node:tls';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { classifySmtpError, oneLine } from './smtp-result';
import type { MailLogger, Mailer, OutgoingMessage, SendResult } from './types';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../db/private-files';

/** Header text can never carry a line break (header injection) or a control character. */
export function headerSafe(text: string) {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

function toNodemailer(message: OutgoingMessage, from: string) {
  const headers: Record<string, string> = {};
  if (message.listUnsubscribe) {
    const { url, mailto } = message.listUnsubscribe;
    headers['List-Unsubscribe'] = `<${headerSafe(url)}>, <${headerSafe(mailto)}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return {
    from,
    to: headerSafe(message.to),
    subject: headerSafe(message.subject),
    text: message.text,
    html: message.html,
    messageId: headerSafe(message.messageId),
    date: message.date ?? new Date(),
    headers,
    // Dark-mode clients and plain-text readers both get a part meant for them.
    textEncoding: 'quoted-printable' as const,
  };
}

/** nodemailer over SMTP_URL: pooled connections, STARTTLS when offered, smtps:// for implicit TLS. */
export function createSmtpMailer(options: {
  smtpUrl: string;
  from: string;
  log: MailLogger;
  /** Extra TLS settings (a private CA; tests trust smtp-server's self-signed certificate). */
  tls?: ConnectionOptions;
}): Mailer {
  const url = new URL(options.smtpUrl);
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    pool: true,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    maxConnections: 5,
    maxMessages: 100,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    tls: options.tls,
  });
  return {
    kind: 'smtp',
    async send(message): Promise<SendResult> {
      try {
        const info = await transport.sendMail(toNodemailer(message, options.from));
        const rejected = (info.rejected ?? []).length > 0;
        if (rejected) {
          return { status: 'permanent', reason: oneLine(String(info.response ?? 'rejected')) };
        }
        return {
          status: 'accepted',
          messageId: info.messageId ?? message.messageId,
          response: oneLine(String(info.response ?? '')),
        };
      } catch (error) {
        const result = classifySmtpError(error);
        options.log.warn(
          { to: message.to, messageId: message.messageId, result },
          'mail not accepted by the SMTP server',
        );
        return result;
      }
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Without SMTP_URL each message becomes an .eml file in $DATA_DIR/outbox, logged with its
 * subject and recipient, so a self-hoster sees what would have been sent.
 */
export function createOutboxMailer(options: {
  dir: string;
  from: string;
  log: MailLogger;
}): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let made: Promise<unknown> | undefined;
  return {
    kind: 'outbox',
    async send(message): Promise<SendResult> {
      try {
        // Owner-only: a message may hold a live sign-in or reset link.
        made ??= mkdir(options.dir, { recursive: true, mode: PRIVATE_DIR_MODE });
        await made;
        const info = await transport.sendMail(toNodemailer(message, options.from));
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const file = path.join(options.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
        await writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
        options.log.info(
          { to: headerSafe(message.to), subject: headerSafe(message.subject), file },
          'mail written to the outbox (SMTP_URL is not set)',
        );
        return { status: 'accepted', messageId: message.messageId, response: `written to ${file}` };
      } catch (error) {
        made = undefined;
        return {
          status: 'temporary',
          reason: oneLine(`outbox: ${(error as Error).message}`),
          notDelivered: true,
        };
      }
    },
    async close() {},
  };
}

export function createMailer(config: Config, log: MailLogger): Mailer {
  return config.mail.smtpUrl
    ? createSmtpMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, log })
    : createOutboxMailer({
        dir: path.resolve(config.dataDir, 'outbox'),
        from: config.mail.from,
        log,
      });
}

/** A Message-ID on the public host, e.g. `<digest.42.9f3a…@earshot.example>`. */
export function newMessageId(appUrl: string, kind: string) {
  return `<${kind}.${Date.now().toString(36)}.${randomBytes(8).toString('hex')}@${new URL(appUrl).hostname}>`;
}
