import type { ApiKey, ApiKeyCreate, ApiKeyCreated, ApiKeyScope } from '@shared/api/api-keys';
import { roleAtLeast } from '@shared/api/workspaces';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { CurrentWorkspace, SessionUser } from '../http/current-user';
import { ConflictError, NotFoundError, UnauthorizedError } from '../http/errors';
import { generateApiKey, readApiKey, sameHash } from './key-format';
import { toCurrentWorkspace, type MembershipRow } from '../workspaces';
import * as repo from './repo';

/** Live keys a workspace may hold: enough for every integration, few enough to review. */
export const MAX_KEYS_PER_WORKSPACE = 25;
/** A key's last use is written when the stored one is older than this. */
const LAST_USED_PRECISION_MS = 60_000;

export const INVALID_KEY = 'This API key is not valid: it may be mistyped, truncated or revoked';

export type ApiKeyService = ReturnType<typeof createApiKeyService>;

/** Who a key acts as, once its guard has read it. */
export type KeyHolder = {
  keyId: number;
  scope: ApiKeyScope;
  user: SessionUser;
  workspace: CurrentWorkspace;
};

function toApiKey(row: repo.ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as ApiKeyScope,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdBy:
      row.createdByEmail === null ? null : { userId: row.createdById, email: row.createdByEmail },
  };
}

export function createApiKeyService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** Made by an admin or owner (the route's access); the key is in the answer only. */
    async create(
      current: CurrentWorkspace,
      input: ApiKeyCreate & { name: string },
    ): Promise<ApiKeyCreated> {
      const { key, prefix, hash } = generateApiKey();
      const id = await db.transaction(async (tx) => {
        if ((await repo.countKeys(tx, current.id)) >= MAX_KEYS_PER_WORKSPACE) {
          throw new ConflictError(
            `A workspace holds at most ${MAX_KEYS_PER_WORKSPACE} API keys: revoke one you no longer use first.`,
          );
        }
        return repo.insertKey(tx, {
          workspaceId: current.id,
          createdByUserId: current.userId,
          name: input.name,
          scope: input.scope,
          prefix,
          keyHash: hash,
        });
      });
      const [row] = await repo.listKeys(db, current.id, id);
      return { apiKey: toApiKey(row), key };
    },

    async list(current: CurrentWorkspace) {
      return { items: (await repo.listKeys(db, current.id)).map(toApiKey) };
    },

    async revoke(current: CurrentWorkspace, id: number) {
      if (!(await repo.revokeKey(db, current.id, id, clock.now()))) {
        throw new NotFoundError('API key not found');
      }
    },

    /**
     * The holder of a bearer key, or 401. A key works while its maker is still an admin or
     * owner of its workspace: removing or demoting them stops their keys.
     */
    async authenticate(key: string): Promise<KeyHolder> {
      const read = readApiKey(key);
      if (!read) throw new UnauthorizedError(INVALID_KEY);
      const rows = await repo.findLiveKeysByPrefix(db, read.prefix);
      const row = rows.find((candidate) => sameHash(candidate.keyHash, read.hash));
      if (!row) throw new UnauthorizedError(INVALID_KEY);
      const { membership } = row;
      if (!membership?.id || !membership.role || !roleAtLeast(membership.role, 'admin')) {
        throw new UnauthorizedError(
          'This API key no longer works: the person who made it is not an admin of its workspace any more',
        );
      }
      const now = clock.now();
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
        await repo.touchKey(db, row.id, now, new Date(now.getTime() - LAST_USED_PRECISION_MS));
      }
      const workspace = toCurrentWorkspace(membership as MembershipRow, row.user);
      return { keyId: row.id, scope: row.scope as ApiKeyScope, user: row.user, workspace };
    },
  };
}
