import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { Job } from '../jobs/runner';
import { deleteExpiredSessions } from './repo';
import { deleteExpiredTokens } from './tokens';

export type AccountJobName = 'sessions.sweep-expired';

export function createAccountJobs(deps: { db: Db; clock: Clock }): Job<AccountJobName>[] {
  return [
    {
      name: 'sessions.sweep-expired',
      everyMs: 3600_000,
      timeoutMs: 60_000,
      retries: 1,
      run: async () => {
        await deleteExpiredSessions(deps.db, deps.clock.now());
        // Used links are deleted when used; these are the ones nobody opened.
        await deleteExpiredTokens(deps.db, deps.clock.now());
      },
    },
  ];
}
