import type { Config } from '../config';
import type { RateLimiterFactory } from '../http/rate-limiter';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RESET_REQUESTS_PER_EMAIL_PER_HOUR = 3;
export const VERIFICATION_RESENDS_PER_HOUR = 5;
export const EMAIL_CHANGES_PER_HOUR = 5;

/**
 * Every limit on guessing a password or flooding a mailbox, in one place (decision record 009).
 * They count in the database, so every web process counts together (decision record 023), per
 * minute at AUTH_RATE_LIMIT_PER_MINUTE unless said otherwise.
 */
export function createGuessingLimits(config: Config, rateLimiter: RateLimiterFactory) {
  const perMinute = config.authRateLimitPerMinute;
  const tooMany = 'Too many attempts. Please wait a minute and try again.';
  const limiter = (
    bucket: string,
    max: number,
    windowMs: number,
    message: string | ((wait: string) => string) = tooMany,
  ) => rateLimiter({ bucket, max, windowMs, message });
  return {
    /** Every password check from one client IP: login, password change, email change, reset. */
    passwordPerIp: limiter('password-per-ip', perMinute, MINUTE),
    /**
     * Logins for one email from browsers that are not a known device of that account: the
     * per-account slowdown. A known device's attempts are counted per device instead, so
     * someone guessing from elsewhere cannot lock the owner out of their own browser.
     */
    untrustedPerAccount: limiter('login-untrusted-per-account', perMinute, MINUTE),
    perDevice: limiter('login-per-device', perMinute, MINUTE),
    /** Password checks of a signed-in user (password change, email change). */
    passwordPerUser: limiter('password-per-user', perMinute, MINUTE),
    registerPerIp: limiter(
      'register-per-ip',
      Math.max(1, Math.floor(perMinute / 2)),
      MINUTE,
      'Too many sign-ups from this address. Please wait a minute and try again.',
    ),
    resetPerIp: limiter('reset-per-ip', Math.max(1, Math.floor(perMinute / 2)), MINUTE),
    resetPerEmail: limiter(
      'reset-per-email',
      RESET_REQUESTS_PER_EMAIL_PER_HOUR,
      HOUR,
      'Too many reset requests for this email. Please try again in an hour.',
    ),
    /** Opening a verification or reset link (256-bit tokens: this only bounds the load). */
    linkPerIp: limiter('link-per-ip', perMinute, MINUTE),
    /**
     * A new address gets a link from us: without this, 10 changes a minute would mail any 10
     * addresses (no relay).
     */
    emailChangePerUser: limiter(
      'email-change-per-user',
      EMAIL_CHANGES_PER_HOUR,
      HOUR,
      (wait) =>
        `You can change your email address ${EMAIL_CHANGES_PER_HOUR} times an hour. Please try again in ${wait}.`,
    ),
    resendPerUser: limiter(
      'resend-per-user',
      VERIFICATION_RESENDS_PER_HOUR,
      HOUR,
      `You can resend the verification email ${VERIFICATION_RESENDS_PER_HOUR} times per hour. Please try again later.`,
    ),
  };
}

export type GuessingLimits = ReturnType<typeof createGuessingLimits>;
