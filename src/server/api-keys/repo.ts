import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { apiKeys, users, workspaceMembers, workspaces } from '../db/schema';
import { workspaceColumns } from '../workspaces';

const keyColumns = {
  id: apiKeys.id,
  workspaceId: apiKeys.workspaceId,
  name: apiKeys.name,
  scope: apiKeys.scope,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  createdById: apiKeys.createdByUserId,
  createdByEmail: users.email,
};
export type ApiKeyRow = {
  id: number;
  workspaceId: number;
  name: string;
  scope: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  createdById: number;
  createdByEmail: string | null;
};

export async function insertKey(
  db: DbOrTx,
  values: {
    workspaceId: number;
    createdByUserId: number;
    name: string;
    scope: string;
    prefix: string;
    keyHash: string;
  },
) {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  return row.id;
}

/** A workspace's keys that are not revoked, newest first. */
export function listKeys(db: DbOrTx, workspaceId: number, id?: number): Promise<ApiKeyRow[]> {
  return db
    .select(keyColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(
      and(
        eq(apiKeys.workspaceId, workspaceId),
        isNull(apiKeys.revokedAt),
        id === undefined ? undefined : eq(apiKeys.id, id),
      ),
    )
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function countKeys(db: DbOrTx, workspaceId: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)));
  return row.count;
}

/** Revokes at once: true when the key was the workspace's and still live. */
export async function revokeKey(db: DbOrTx, workspaceId: number, id: number, now: Date) {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/**
 * The live keys with this shown prefix (almost always one), each with its maker's account and
 * their membership of the key's workspace (none when they left it): one query, so that a key
 * costs the same round trips as a session. The guard compares each hash in constant time.
 */
export function findLiveKeysByPrefix(db: DbOrTx, prefix: string) {
  return db
    .select({
      id: apiKeys.id,
      scope: apiKeys.scope,
      keyHash: apiKeys.keyHash,
      lastUsedAt: apiKeys.lastUsedAt,
      user: users,
      membership: workspaceColumns,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdByUserId))
    .leftJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, apiKeys.workspaceId),
        eq(workspaceMembers.userId, apiKeys.createdByUserId),
      ),
    )
    .leftJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)));
}

/** Records a use, unless one was recorded since `staleBefore`: at most one write a minute. */
export async function touchKey(db: DbOrTx, id: number, now: Date, staleBefore: Date) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))),
    );
}
