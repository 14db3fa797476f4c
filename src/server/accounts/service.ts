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
import type { SessionUser } from '../http/current-user';
import { ConflictError, UnauthorizedError, ValidationError } from '../http/errors';
import { insertDefaultDigestConfig } from '../email';
import { hashPassword, verifyPassword } from './passwords';
import * as repo from './repo';
import { newSessionToken, SESSION_EXTEND_AFTER_MS, SESSION_TTL_MS, sessionIdOf } from './sessions';

export type AuthService = ReturnType<typeof createAuthService>;

export function toUserDto(row: repo.UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    planType: row.planType === 'pro' ? 'pro' : 'free',
    createdAt: row.createdAt.toISOString(),
  };
}

const INVALID_LOGIN = 'Invalid email or password';

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
}) {
  const { db, clock } = deps;
  // Verified against when the email is unknown, so both login failures take the same time.
  let dummyHash: Promise<string> | undefined;

  async function startSession(userId: number) {
    const { token, id } = newSessionToken();
    const expiresAt = new Date(clock.now().getTime() + SESSION_TTL_MS);
    await repo.insertSession(db, { id, userId, expiresAt, createdAt: clock.now() });
    return { token, expiresAt };
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
      return { user, session: await startSession(user.id) };
    },

    async login(body: LoginBody, previousToken?: string) {
      const user = await repo.findUserByEmail(db, body.username);
      if (!user) {
        await verifyPassword(await (dummyHash ??= hashPassword('earshot-timing')), body.password);
        throw new UnauthorizedError(INVALID_LOGIN);
      }
      if (!(await verifyPassword(user.password, body.password)))
        throw new UnauthorizedError(INVALID_LOGIN);
      // Rotate: the pre-login session (if any) never survives authentication.
      if (previousToken) await repo.deleteSession(db, sessionIdOf(previousToken));
      return { user, session: await startSession(user.id) };
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
      return { user: found.user, extendedUntil: expiresAt };
    },

    async updateProfile(user: SessionUser, body: ProfileBody) {
      const problem = usernameChangeProblem(body.username, user.username);
      if (problem) throw new ValidationError(`Invalid username: ${problem}`, { username: problem });
      await assertAvailable(body, user.id);
      try {
        return await repo.updateUser(db, user.id, { username: body.username, email: body.email });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ConflictError('This email or username is already in use');
        throw error;
      }
    },

    /** Changes the password and ends every session of the user; returns a fresh one for this browser. */
    async changePassword(user: SessionUser, body: PasswordBody) {
      if (!(await verifyPassword(user.password, body.currentPassword))) {
        throw new ValidationError('Current password is incorrect', {
          currentPassword: 'Current password is incorrect',
        });
      }
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
      await repo.deleteUser(db, userId);
    },
  };
}

function isUniqueViolation(error: unknown) {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}
