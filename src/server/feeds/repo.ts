import { and, eq, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { alerts, feedTokens } from '../db/schema';
import { SEALED_PREFIX, tokenHash, type SecretBox } from '../lib/secret-box';

// A feed token is stored as its SHA-256 (what a feed URL is looked up by) and sealed with
// APP_SECRET (what Settings shows again): never in clear (decision 020).

/** The user's token in clear, if one was issued. */
export async function tokenOf(db: DbOrTx, box: SecretBox, workspaceId: number) {
  const [row] = await db
    .select({ token: feedTokens.token })
    .from(feedTokens)
    .where(eq(feedTokens.workspaceId, workspaceId));
  return row && box.open(row.token);
}

const stored = (box: SecretBox, token: string) => ({
  token: box.seal(token),
  tokenHash: tokenHash(token),
});

/** Sets the user's token, replacing any older one (whose URLs stop working). */
export async function saveToken(db: DbOrTx, box: SecretBox, workspaceId: number, token: string) {
  const values = stored(box, token);
  await db
    .insert(feedTokens)
    .values({ workspaceId, ...values })
    .onConflictDoUpdate({
      target: feedTokens.workspaceId,
      set: { ...values, createdAt: new Date() },
    });
}

/** Keeps an existing token: two first visits at once agree on one. */
export async function saveTokenIfNone(
  db: DbOrTx,
  box: SecretBox,
  workspaceId: number,
  token: string,
) {
  await db
    .insert(feedTokens)
    .values({ workspaceId, ...stored(box, token) })
    .onConflictDoNothing();
}

export async function ownerOf(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ workspaceId: feedTokens.workspaceId })
    .from(feedTokens)
    .where(eq(feedTokens.tokenHash, tokenHash(token)));
  return row?.workspaceId;
}

/**
 * Seals the tokens of rows written before sealing began (their hash the migration computed);
 * run at start-up. Returns how many it sealed.
 */
export async function sealStoredFeedTokens(db: DbOrTx, box: SecretBox) {
  const rows = await db
    .select({ workspaceId: feedTokens.workspaceId, token: feedTokens.token })
    .from(feedTokens)
    .where(not(sql`starts_with(${feedTokens.token}, ${SEALED_PREFIX})`));
  for (const row of rows) {
    await db
      .update(feedTokens)
      .set(stored(box, row.token))
      .where(and(eq(feedTokens.workspaceId, row.workspaceId), eq(feedTokens.token, row.token)));
  }
  return rows.length;
}

export function alertsOf(db: DbOrTx, workspaceId: number) {
  return db
    .select({ id: alerts.id, keyword: alerts.keyword })
    .from(alerts)
    .where(eq(alerts.workspaceId, workspaceId))
    .orderBy(alerts.id);
}
