import {
  usernameChangeProblem,
  type LoginBody,
  type PasswordBody,
  type ProfileBody,
  type RegisterBody,
  type User,
} from '@shared/api/auth';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import type { SessionUser } from '../http/current-user';
import { ConflictError, UnauthorizedError, ValidationError } from '../http/errors';
import { insertDefaultDigestConfig, type AccountMail, type MailLogger } from '../email';
import type { Caller } from './caller';
import { newDeviceCookie, trustedDevice } from './devices';
import type { GuessingLimits } from './guessing';
import { hashPassword, verifyPassword } from './passwords';
import * as repo from './repo';
import { newSessionToken, SESSION_EXTEND_AFTER_MS, SESSION_TTL_MS, sessionIdOf } from './sessions';
import { createAccountLinks } from './links';
import * as tokens from './tokens';
import { deleteWorkspacesOnlyOwnedBy } from '../workspaces';

export type AuthService = ReturnType<typeof createAuthService>;

export function toUserDto(row: repo.UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    planType: row.planType === 'pro' ? 'pro' : 'free',
    createdAt: row.createdAt.toISOString(),
    emailVerified: row.emailVerifiedAt !== null,
    pendingEmail: row.pendingEmail,
  };
}

const INVALID_LOGIN = 'Invalid email or password';
const WRONG_PASSWORD = 'Current password is incorrect';
const CURRENT_PASSWORD_REQUIRED = 'Current password is required';

function validTimezone(timezone: string | undefined) {
  if (!timezone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return timezone;
  } catch {
    return 'UTC';
  }
}

export function createAuthService(deps: {
  db: Db;
  clock: Clock;
  /**
   * Ends a paid subscription at the provider; throwing stops the deletion. See
   * docs/product.md §4 (Entities).
   */
  beforeAccountDeletion?: (userId: number) => Promise<void>;
  mail: AccountMail;
  limits: GuessingLimits;
  log: MailLogger;
}) {
  const { db, clock, mail, limits } = deps;
  const links = createAccountLinks(deps);
  const { sendVerification } = links;
  // Verified against when the email is unknown, so both login failures take the same time.
  let dummyHash: Promise<string> | undefined;

  async function startSession(userId: number) {
    const { token, id } = newSessionToken();
    const expiresAt = new Date(clock.now().getTime() + SESSION_TTL_MS);
    await repo.insertSession(db, { id, userId, expiresAt, createdAt: clock.now() });
    return { token, expiresAt };
  }

  /** Every password check of a signed-in user counts against the guessing limits. */
  async function checkCurrentPassword(user: SessionUser, given: string | undefined, ip: string) {
    // Left empty is not a guess: it says what is missing and counts against no limit.
    if (!given) {
      throw new ValidationError(CURRENT_PASSWORD_REQUIRED, {
        currentPassword: CURRENT_PASSWORD_REQUIRED,
      });
    }
    await limits.passwordPerIp.hit(ip);
    await limits.passwordPerUser.hit(String(user.id));
    if (!given || !(await verifyPassword(user.password, given))) {
      throw new ValidationError(WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
    }
  }

  async function assertAvailable(fields: { email: string; username: string }, exceptId?: number) {
    const clash = await repo.findConflictingUser(db, fields, exceptId);
    if (!clash) return;
    if (clash.email === fields.email || clash.username === fields.email) {
      throw new ConflictError('An account with this email already exists', {
        email: 'An account with this email already exists',
      });
    }
    throw new ConflictError('This username is already taken', {
      username: 'This username is already taken',
    });
  }

  return {
    resendVerification: links.resendVerification,
    verifyEmail: links.verifyEmail,
    requestPasswordReset: links.requestPasswordReset,
    resetPassword: links.resetPassword,

    async register(body: RegisterBody) {
      const fields = { email: body.email, username: body.email };
      await assertAvailable(fields);
      const password = await hashPassword(body.password);
      let user: repo.UserRow;
      try {
        // Digest settings start with the account, in the timezone the browser sent (else UTC).
        user = await db.transaction(async (tx) => {
          const created = await repo.insertUser(tx, {
            ...fields,
            password,
            timezone: validTimezone(body.timezone),
          });
          await insertDefaultDigestConfig(tx, created.id, created.timezone, clock.now());
          return created;
        });
      } catch (error) {
        // Two registrations racing for one email: the unique index decides.
        if (isUniqueViolation(error))
          throw new ConflictError('An account with this email already exists');
        throw error;
      }
      sendVerification(user.id, user.email);
      return { user, session: await startSession(user.id) };
    },

    /**
     * Checks the password within the guessing limits (decision record 009): per client IP,
     * and per account for browsers that are not a known device of it; a known device is
     * counted on its own. Answers with a fresh device cookie for this browser.
     */
    async login(body: LoginBody, caller: Caller, previousToken?: string) {
      await limits.passwordPerIp.hit(caller.ip);
      const user = await repo.findUserByEmail(db, body.username);
      const device = user && trustedDevice(caller.deviceCookie, user.id, user.deviceKey);
      if (device) await limits.perDevice.hit(device);
      // Keyed by the email as typed, account or not: an unknown email is limited alike.
      else await limits.untrustedPerAccount.hit(body.username);
      if (!user) {
        await verifyPassword(await (dummyHash ??= hashPassword('earshot-timing')), body.password);
        throw new UnauthorizedError(INVALID_LOGIN);
      }
      if (!(await verifyPassword(user.password, body.password)))
        throw new UnauthorizedError(INVALID_LOGIN);
      // Rotate: the pre-login session (if any) never survives authentication.
      if (previousToken) await repo.deleteSession(db, sessionIdOf(previousToken));
      return {
        user,
        session: await startSession(user.id),
        deviceCookie: newDeviceCookie(user.id, user.deviceKey),
      };
    },

    async logout(token: string | undefined) {
      if (token) await repo.deleteSession(db, sessionIdOf(token));
    },

    /** The user behind a cookie token; extends the session (sliding expiry) when due. */
    async resolveSession(token: string) {
      const now = clock.now();
      const found = await repo.findSessionWithUser(db, sessionIdOf(token), now);
      if (!found) return undefined;
      const remaining = found.session.expiresAt.getTime() - now.getTime();
      let expiresAt: Date | undefined;
      if (SESSION_TTL_MS - remaining >= SESSION_EXTEND_AFTER_MS) {
        expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
        await repo.extendSession(db, found.session.id, expiresAt);
      }
      return { user: found.user, workspaceId: found.session.workspaceId, extendedUntil: expiresAt };
    },

    /**
     * Username now; a new email only once its link is opened (it waits as pendingEmail, and
     * asking for it takes the current password and tells the old address). Setting the email
     * back to the current one drops a pending change.
     */
    async updateProfile(user: SessionUser, body: ProfileBody, caller: Caller) {
      const problem = usernameChangeProblem(body.username, user.username);
      if (problem) throw new ValidationError(`Invalid username: ${problem}`, { username: problem });
      const emailChange = body.email !== user.email && body.email !== user.pendingEmail;
      // A taken address is said first (registration says as much to anyone); then the password.
      await assertAvailable(body, user.id);
      if (emailChange) {
        await checkCurrentPassword(user, body.currentPassword, caller.ip);
        await limits.emailChangePerUser.hit(String(user.id));
      }
      let saved: repo.UserRow;
      try {
        saved = await repo.updateUser(db, user.id, {
          username: body.username,
          pendingEmail: body.email === user.email ? null : body.email,
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ConflictError('This email or username is already in use');
        throw error;
      }
      if (emailChange) {
        sendVerification(user.id, body.email);
        void mail
          .sendEmailChangeNotice(user.email, body.email)
          .catch((err: unknown) =>
            deps.log.warn({ err, userId: user.id }, 'email change notice could not be sent'),
          );
      } else if (user.pendingEmail !== null && saved.pendingEmail === null) {
        // A pending change taken back: its link goes, and an unverified address gets its own.
        await tokens.deleteUserTokens(db, user.id, 'verify-email');
        if (!saved.emailVerifiedAt) sendVerification(user.id, saved.email);
      }
      return saved;
    },

    /** Changes the password and ends every session of the user; returns a fresh one for this browser. */
    async changePassword(user: SessionUser, body: PasswordBody, caller: Caller) {
      await checkCurrentPassword(user, body.currentPassword, caller.ip);
      const password = await hashPassword(body.newPassword);
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, { password });
        await repo.deleteUserSessions(tx, user.id);
      });
      return startSession(user.id);
    },

    /**
     * Cancels a paid subscription first (a provider failure stops here, nothing deleted), then
     * deletes the account; alerts, mentions, digest config and sessions go with it (FK
     * cascade), payments stay with the user reference cleared.
     */
    async deleteAccount(userId: number) {
      await deps.beforeAccountDeletion?.(userId);
      // Its workspaces go with it where no other owner stays; shared ones stay with their team.
      await db.transaction(async (tx) => {
        await deleteWorkspacesOnlyOwnedBy(tx, userId);
        await repo.deleteUser(tx, userId);
      });
    },
  };
}
