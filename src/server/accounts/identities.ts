import { IDENTITY_SOURCES, type Identities, type IdentitySource } from '@shared/api/identities';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db, DbOrTx } from '../db/client';
import { userIdentities } from '../db/schema';

async function readIdentities(db: DbOrTx, userId: number): Promise<Identities> {
  const rows = await db
    .select({ source: userIdentities.source, name: userIdentities.name })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId));
  const named = new Map(rows.map((row) => [row.source, row.name]));
  return Object.fromEntries(
    IDENTITY_SOURCES.map((source) => [source, named.get(source) ?? null]),
  ) as Identities;
}

export type IdentityService = ReturnType<typeof createIdentityService>;

/**
 * Who a person is on each site (Settings → Profile), so ingestion can tell their replies from
 * anyone's. Personal: in every workspace they belong to. Two people may name the same account;
 * both are credited with its replies (a shared brand account).
 */
export function createIdentityService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    get: (userId: number) => readIdentities(db, userId),

    /** Sets the sites named ("" clears one), leaves the others; the result as stored. */
    async update(userId: number, input: Partial<Record<IdentitySource, string>>) {
      return db.transaction(async (tx) => {
        for (const source of IDENTITY_SOURCES) {
          const name = input[source];
          if (name === undefined) continue;
          const mine = and(eq(userIdentities.userId, userId), eq(userIdentities.source, source));
          if (name === '') {
            await tx.delete(userIdentities).where(mine);
            continue;
          }
          await tx
            .insert(userIdentities)
            .values({ userId, source, name, nameKey: name.toLowerCase(), updatedAt: clock.now() })
            .onConflictDoUpdate({
              target: [userIdentities.userId, userIdentities.source],
              set: { name, nameKey: sql`excluded.name_key`, updatedAt: clock.now() },
            });
        }
        return readIdentities(tx, userId);
      });
    },
  };
}
