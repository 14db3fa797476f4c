import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { Job } from '../jobs/runner';
import { trainChangedAlerts } from './training';

export type RelevanceJobName = 'relevance.train';

/**
 * Retrains the classifiers of alerts whose labels changed. A training takes milliseconds (a
 * few thousand short texts at most); every 15 s keeps the figures beside the switch current
 * soon after the tenth thumbs.
 */
export function createRelevanceJobs(deps: { db: Db; clock: Clock }): Job<RelevanceJobName>[] {
  return [
    {
      name: 'relevance.train',
      everyMs: 15_000,
      timeoutMs: 60_000,
      retries: 1,
      run: async (signal) => {
        await trainChangedAlerts(deps.db, deps.clock.now, signal);
      },
    },
  ];
}
