import type { Exclusions, ExclusionsUpdate } from '@shared/api/exclusions';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { isForeignKeyViolation } from '../db/errors';
import { UnauthorizedError } from '../http/errors';
import * as repo from './repo';

export type ExclusionService = ReturnType<typeof createExclusionService>;

export function createExclusionService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const withCount = async (
    workspaceId: number,
    lists: repo.ExclusionLists,
  ): Promise<Exclusions> => ({
    subreddits: lists.subreddits,
    authors: lists.authors,
    filteredToday: await repo.filteredOn(db, workspaceId, repo.utcDay(clock.now())),
  });
  return {
    async get(workspaceId: number) {
      const lists = await repo.findExclusions(db, workspaceId);
      return withCount(workspaceId, lists ?? { subreddits: [], authors: [] });
    },

    /** Replaces both lists; they apply to every match stored from the next page on. */
    async update(workspaceId: number, input: ExclusionsUpdate) {
      try {
        return await withCount(
          workspaceId,
          await repo.saveExclusions(db, workspaceId, input, clock.now()),
        );
      } catch (error) {
        // The account was deleted by a request that raced this one: gone, as after sign-out.
        if (isForeignKeyViolation(error)) throw new UnauthorizedError();
        throw error;
      }
    },
  };
}
