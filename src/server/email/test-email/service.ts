import type { TestEmailResult } from '@shared/api/digests';
import type { Clock } from '../../clock';
import { newMessageId } from '../mailer';
import { renderTestEmail } from './render';
import type { Mailer } from '../types';
import { AppError, ForbiddenError, ValidationError } from '../../http/errors';
import type { RateLimiterFactory } from '../../http/rate-limiter';

export const TEST_EMAILS_PER_HOUR = 5;

export type TestEmailService = ReturnType<typeof createTestEmailService>;

/** 502: the mail server, not the request, is at fault. */
export class MailDeliveryError extends AppError {
  constructor(message: string) {
    super(502, message);
  }
}

export function createTestEmailService(deps: {
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  /** SUPPORT_EMAIL, in the mail's footer. */
  supportEmail: string;
  rateLimiter: RateLimiterFactory;
}) {
  // Per user (and so per target: only the account's own address), so no mailbox can be flooded
  // from one account: docs/product.md §6 (API conventions). Counted in the database, across
  // every web process (decision record 023).
  const perUser = deps.rateLimiter({
    bucket: 'test-email-per-user',
    max: TEST_EMAILS_PER_HOUR,
    windowMs: 60 * 60_000,
    message: `You can send ${TEST_EMAILS_PER_HOUR} test emails per hour. Please try again later.`,
  });
  return {
    /** Sends to the account's own address only: never a relay to any address. */
    async send(
      user: { id: number; email: string; emailVerifiedAt: Date | null },
      requested?: string,
    ): Promise<TestEmailResult> {
      if (requested !== undefined && requested.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw new ValidationError('A test email can only be sent to your own address', {
          email: 'A test email can only be sent to your own address',
        });
      }
      // Only account mail goes to an address nobody has verified (docs/decisions/009).
      if (!user.emailVerifiedAt) {
        throw new ForbiddenError(
          'Verify your email address first: open the link we sent you, or resend it from Settings.',
        );
      }
      await perUser.hit(String(user.id));
      const rendered = renderTestEmail({
        email: user.email,
        appUrl: deps.appUrl,
        supportEmail: deps.supportEmail,
        sentAt: deps.clock.now(),
      });
      const result = await deps.mailer.send({
        to: user.email,
        ...rendered,
        messageId: newMessageId(deps.appUrl, 'test'),
        date: deps.clock.now(),
      });
      if (result.status !== 'accepted') {
        throw new MailDeliveryError(
          result.status === 'permanent'
            ? `The mail server refused the message: ${result.reason}`
            : `The mail server could not be reached or asked to try later: ${result.reason}`,
        );
      }
      // Without SMTP nothing reaches an inbox: say where the message went instead.
      const message =
        deps.mailer.kind === 'outbox'
          ? 'No mail server is configured (SMTP_URL), so nothing was emailed: the test message was written to the outbox folder in Earshot’s data directory (DATA_DIR/outbox) on the server.'
          : `Test email sent to ${user.email}. Check your inbox and spam folder.`;
      return { success: true, message };
    },
  };
}
