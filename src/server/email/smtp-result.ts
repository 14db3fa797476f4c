import { z } from 'zod';
import type { SendResult } from './types';

// The fields nodemailer puts on its errors; parsed, since they come from the outside.
const smtpErrorSchema = z.object({
  message: z.string().catch('unknown error'),
  code: z.string().optional().catch(undefined),
  command: z.string().optional().catch(undefined),
  responseCode: z.number().int().optional().catch(undefined),
  response: z.string().optional().catch(undefined),
});

// Failures before the server could have taken the message: it certainly did not arrive.
const NOT_DELIVERED_CODES = new Set([
  'ECONNECTION',
  'ECONNREFUSED',
  'EDNS',
  'ETLS',
  'EAUTH',
  'ENOAUTH',
  'EENVELOPE',
]);
const BEFORE_DATA_COMMANDS = /^(CONN|EHLO|HELO|STARTTLS|AUTH|MAIL|RCPT)/i;

/** Keeps an SMTP answer short and on one line for storage and display. */
export function oneLine(text: string, max = 300) {
  const flat = text.replace(/[\r\n\t]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * Classifies a failed send. A 4xx reply is temporary, a 5xx reply permanent (RFC 5321 §4.2.1);
 * a lost or refused connection is temporary. When the connection broke after the message
 * data went out, nobody knows whether it arrived: temporary, but not known undelivered.
 */
export function classifySmtpError(error: unknown): SendResult {
  const e = smtpErrorSchema.safeParse(error);
  const fields = e.success ? e.data : { message: String(error) };
  const { message, code, command, responseCode, response } = fields as z.infer<
    typeof smtpErrorSchema
  >;
  const reason = oneLine(response ?? message);
  if (responseCode !== undefined && responseCode >= 400 && responseCode < 600) {
    // A rejected login is the operator's to fix, not a verdict on the message.
    if (responseCode >= 500 && code !== 'EAUTH') return { status: 'permanent', reason };
    return { status: 'temporary', reason, notDelivered: true };
  }
  const before =
    (code !== undefined && NOT_DELIVERED_CODES.has(code)) ||
    (command !== undefined && BEFORE_DATA_COMMANDS.test(command));
  return { status: 'temporary', reason, notDelivered: before };
}
