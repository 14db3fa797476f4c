/** One message to send. Header values are sanitized by the mailer; bodies are built escaped. */
export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `<id@host>`; a stable one makes a retried send recognisable as the same message. */
  messageId: string;
  date?: Date;
  /** RFC 2369 / RFC 8058 one-click unsubscribe. */
  listUnsubscribe?: { url: string; mailto: string };
}

/**
 * What became of a send, parsed from the SMTP answer rather than thrown. `temporary` says
 * whether the message certainly did not arrive (`notDelivered`): only then may it be resent
 * without risking a duplicate.
 */
export type SendResult =
  | { status: 'accepted'; messageId: string; response: string }
  | { status: 'temporary'; reason: string; notDelivered: boolean }
  | { status: 'permanent'; reason: string };

export interface Mailer {
  /** `smtp` (SMTP_URL set) or `outbox` (each message written to $DATA_DIR/outbox). */
  readonly kind: 'smtp' | 'outbox';
  send(message: OutgoingMessage): Promise<SendResult>;
  close(): Promise<void>;
}

export interface MailLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}
