import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { alerts, feedTokens } from '../db/schema';

export async function tokenOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ token: feedTokens.token })
    .from(feedTokens)
    .where(eq(feedTokens.userId, userId));
  return row?.token;
}

/** Sets the user's token, replacing any older one (whose URLs stop working). */
export async function saveToken(db: DbOrTx, userId: number, token: string) {
  await db
    .insert(feedTokens)
    .values({ userId, token })
    .onConflictDoUpdate({ target: feedTokens.userId, set: { token, createdAt: new Date() } });
}

/** Keeps an existing token: two first visits at once agree on one. */
export async function saveTokenIfNone(db: DbOrTx, userId: number, token: string) {
  await db.insert(feedTokens).values({ userId, token }).onConflictDoNothing();
}

export async function ownerOf(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ userId: feedTokens.userId })
    .from(feedTokens)
    .where(eq(feedTokens.token, token));
  return row?.userId;
}

export function alertsOf(db: DbOrTx, userId: number) {
  return db
    .select({ id: alerts.id, keyword: alerts.keyword })
    .from(alerts)
    .where(eq(alerts.userId, userId))
    .orderBy(alerts.id);
}
