import { and, eq, gt, lt, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sessions, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** A user other than `exceptId` already holding this email or username. */
export async function findUserById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findConflictingUser(
  db: DbOrTx,
  fields: { email: string; username: string },
  exceptId?: number,
) {
  const clash = or(eq(users.email, fields.email), eq(users.username, fields.username));
  const [row] = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(exceptId === undefined ? clash : and(clash, ne(users.id, exceptId)))
    .limit(1);
  return row;
}

export async function insertUser(
  db: DbOrTx,
  values: { email: string; username: string; password: string; timezone: string },
) {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<
    Pick<
      UserRow,
      'email' | 'username' | 'password' | 'emailVerifiedAt' | 'pendingEmail' | 'deviceKey'
    >
  >,
) {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

export async function deleteUser(db: DbOrTx, id: number) {
  await db.delete(users).where(eq(users.id, id));
}

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

/** The live session with this id and its user, or undefined. */
export async function findSessionWithUser(db: DbOrTx, id: string, now: Date) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)));
  return row;
}

export async function extendSession(db: DbOrTx, id: string, expiresAt: Date) {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: DbOrTx, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteUserSessions(db: DbOrTx, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
