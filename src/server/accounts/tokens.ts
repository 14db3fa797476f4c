import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accountTokens } from '../db/schema';
import { newSessionToken, sessionIdOf } from './sessions';

/** What a mailed link lets its holder do; each kind lives as long as its link says. */
export type TokenPurpose = 'verify-email' | 'reset-password';

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  'verify-email': 24 * 60 * 60_000,
  'reset-password': 60 * 60_000,
};

/**
 * A new link token for `email`: 256 random bits, only the SHA-256 stored (as for sessions), so
 * a database read gives no usable link. Earlier links of the same purpose stop working.
 */
export async function issueToken(
  db: DbOrTx,
  values: { userId: number; purpose: TokenPurpose; email: string; now: Date },
) {
  const { token, id } = newSessionToken();
  await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, values.userId), eq(accountTokens.purpose, values.purpose)));
  await db.insert(accountTokens).values({
    id,
    userId: values.userId,
    purpose: values.purpose,
    email: values.email,
    createdAt: values.now,
    expiresAt: new Date(values.now.getTime() + TOKEN_TTL_MS[values.purpose]),
  });
  return token;
}

/**
 * A live token, left in place: a verification link may be opened again (a mail client's
 * preview, a second click) and then says the address is already verified.
 */
export async function findToken(db: DbOrTx, token: string, purpose: TokenPurpose, now: Date) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.id, sessionIdOf(token)),
        eq(accountTokens.purpose, purpose),
        gt(accountTokens.expiresAt, now),
      ),
    );
  return row;
}

/** Uses up a live token: the delete is the single-use guarantee (two racing uses, one wins). */
export async function consumeToken(db: DbOrTx, token: string, purpose: TokenPurpose, now: Date) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await db
    .delete(accountTokens)
    .where(
      and(
        eq(accountTokens.id, sessionIdOf(token)),
        eq(accountTokens.purpose, purpose),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function deleteUserTokens(db: DbOrTx, userId: number, purpose: TokenPurpose) {
  await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
}

export async function deleteExpiredTokens(db: DbOrTx, now: Date) {
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, now));
}
