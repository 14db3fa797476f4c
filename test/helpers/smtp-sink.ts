import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { ChangeSignal } from './eventually';

export type SinkMode = 'accept' | 'temporary' | 'permanent';

export interface CapturedMail {
  envelopeTo: string[];
  /** Whether the session was encrypted (STARTTLS or implicit TLS). */
  secure: boolean;
  raw: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on loopback that keeps what it receives, parsed with mailparser.
 * `mode` makes it answer 451 (temporary) or 550 (permanent) to RCPT TO; `stop()` closes the
 * port (connections are refused) and `start()` opens the same port again.
 */
export async function startSmtpSink(
  options: { capture?: boolean; tls?: 'none' | 'starttls' | 'implicit' } = {},
) {
  const tls = options.tls ?? 'none';
  const capture = options.capture ?? true;
  const messages: CapturedMail[] = [];
  const arrived = new ChangeSignal();
  let mode: SinkMode = 'accept';
  let accepted = 0;
  let port = 0;
  let server: SMTPServer | undefined;

  const make = () =>
    new SMTPServer({
      authOptional: true,
      // smtp-server's built-in self-signed certificate serves the TLS modes.
      secure: tls === 'implicit',
      disabledCommands: tls === 'starttls' ? ['AUTH'] : ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 50,
      size: 10 * 1024 * 1024,
      onRcptTo(_address, _session, callback) {
        if (mode === 'accept') return callback();
        const error = Object.assign(
          new Error(mode === 'temporary' ? 'Try again later' : 'Mailbox unavailable'),
          { responseCode: mode === 'temporary' ? 451 : 550 },
        );
        callback(error);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => {
          if (capture) chunks.push(chunk);
        });
        stream.on('end', () => {
          accepted += 1;
          if (!capture) return callback();
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw)
            .then((parsed) => {
              messages.push({
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                secure: session.secure,
                raw,
                parsed,
              });
              arrived.changed();
              callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });

  async function start() {
    server = make();
    const s = server;
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    port = (s.server.address() as AddressInfo).port;
  }

  async function stop() {
    const s = server;
    server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  await start();
  return {
    get url() {
      return `${tls === 'implicit' ? 'smtps' : 'smtp'}://127.0.0.1:${port}`;
    },
    messages,
    /** Messages the server said 250 to (also counted when not captured). */
    get acceptedCount() {
      return accepted;
    },
    setMode(next: SinkMode) {
      mode = next;
    },
    start,
    stop,
    /** Answers what `check` finds once it finds something, checking on each arrival. */
    until<T>(what: string, check: () => T | undefined | null | false, timeoutMs = 5000) {
      return arrived.until(what, check, timeoutMs);
    },
    /** Resolves once `count` messages have arrived, or fails after `timeoutMs`. */
    waitFor(count: number, timeoutMs = 5000) {
      return arrived.until(
        `${count} messages (got ${messages.length})`,
        () => messages.length >= count && messages,
        timeoutMs,
      );
    },
    /**
     * The newest message to `to` whose subject is `subject` (or matches it), once one has
     * arrived; fails after `timeoutMs`.
     */
    mailTo(to: string, subject: string | RegExp, timeoutMs = 5000) {
      const matches = (actual = '') =>
        typeof subject === 'string' ? actual === subject : subject.test(actual);
      return arrived.until(
        `a mail to ${to} with the subject ${subject}`,
        () => messages.findLast((m) => m.envelopeTo.includes(to) && matches(m.parsed.subject)),
        timeoutMs,
      );
    },
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
