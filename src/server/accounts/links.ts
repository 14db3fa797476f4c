import type { PasswordResetBody } from '@shared/api/auth';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import type { SessionUser } from '../http/current-user';
import { ConflictError, ValidationError } from '../http/errors';
import type { AccountMail, MailLogger } from '../email';
import type { Caller } from './caller';
import { newDeviceKey } from './devices';
import type { GuessingLimits } from './guessing';
import { hashPassword } from './passwords';
import * as repo from './repo';
import * as tokens from './tokens';

const INVALID_LINK = 'This link is not valid or has expired. Ask for a new one.';

/**
 * The mailed links of an account (decision 009): email verification (24 h) and password reset
 * (1 h), each single use, and the flows that send and open them.
 */
export function createAccountLinks(deps: {
  db: Db;
  clock: Clock;
  mail: AccountMail;
  limits: GuessingLimits;
  log: MailLogger;
}) {
  const { db, clock, mail, limits } = deps;

  /**
   * Mails a verification link for `email` without holding up the request: a slow or failing
   * mail server must not fail a registration or a profile save ("Resend" tries again).
   */
  function sendVerification(userId: number, email: string) {
    void (async () => {
      const token = await tokens.issueToken(db, {
        userId,
        purpose: 'verify-email',
        email,
        now: clock.now(),
      });
      await mail.sendVerification(email, token);
    })().catch((err: unknown) =>
      deps.log.warn({ err, userId }, 'verification email could not be sent'),
    );
  }

  return {
    sendVerification,

    /** Mails a new link for the address waiting for verification (the pending one first). */
    async resendVerification(user: SessionUser) {
      const address = user.pendingEmail ?? (user.emailVerifiedAt ? null : user.email);
      if (!address) throw new ValidationError('Your email address is already verified');
      await limits.resendPerUser.hit(String(user.id));
      sendVerification(user.id, address);
      return { message: `Verification email sent to ${address}.` };
    },

    /**
     * Opens a verification link: the address it was sent to becomes the verified email, if it
     * is still the account's email or its pending one. Needs no session (the link may be
     * opened in another browser).
     */
    async verifyEmail(token: string, caller: Caller) {
      await limits.linkPerIp.hit(caller.ip);
      const now = clock.now();
      // Not used up: opened again until it expires, it says the address is already verified.
      const found = await tokens.findToken(db, token, 'verify-email', now);
      const user = found && (await repo.findUserById(db, found.userId));
      if (!found || !user) throw new ValidationError(INVALID_LINK);
      if (found.email === user.email) {
        if (user.emailVerifiedAt) return { message: `${user.email} is already verified.` };
        await repo.updateUser(db, user.id, { emailVerifiedAt: now });
        return { message: `${user.email} is verified.` };
      }
      if (found.email !== user.pendingEmail) throw new ValidationError(INVALID_LINK);
      // The username follows the email while it is still the registration's (no squatting).
      const username = user.username === user.email ? found.email : user.username;
      try {
        await repo.updateUser(db, user.id, {
          email: found.email,
          username,
          pendingEmail: null,
          emailVerifiedAt: now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          await repo.updateUser(db, user.id, { pendingEmail: null });
          throw new ConflictError('Another account now uses this email address');
        }
        throw error;
      }
      return { message: `Your email is now ${found.email}.` };
    },

    /**
     * Mails a reset link when the email has an account; the caller answers the same either
     * way. The mail is not awaited, so the answer's timing does not tell either.
     */
    async requestPasswordReset(email: string, caller: Caller) {
      await limits.resetPerIp.hit(caller.ip);
      await limits.resetPerEmail.hit(email);
      void (async () => {
        const user = await repo.findUserByEmail(db, email);
        if (!user) return;
        const token = await tokens.issueToken(db, {
          userId: user.id,
          purpose: 'reset-password',
          email: user.email,
          now: clock.now(),
        });
        await mail.sendPasswordReset(user.email, token);
      })().catch((err: unknown) => deps.log.warn({ err }, 'password reset email failed'));
    },

    /**
     * Sets a new password from a reset link: every session ends and every known device is
     * forgotten; the email counts as verified (the link reached it).
     */
    async resetPassword(body: PasswordResetBody, caller: Caller) {
      await limits.linkPerIp.hit(caller.ip);
      const now = clock.now();
      const found = await tokens.consumeToken(db, body.token, 'reset-password', now);
      const user = found && (await repo.findUserById(db, found.userId));
      if (!found || !user || found.email !== user.email) throw new ValidationError(INVALID_LINK);
      const password = await hashPassword(body.newPassword);
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, {
          password,
          deviceKey: newDeviceKey(),
          emailVerifiedAt: user.emailVerifiedAt ?? now,
        });
        await repo.deleteUserSessions(tx, user.id);
      });
      return { message: 'Your password has been changed. Sign in with the new one.' };
    },
  };
}
