import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { redditClientState } from '../db/schema';
import type { RequestOutcome } from '../reddit';

// Successes are frequent and alike: one write every few seconds says "Reddit answers".
const SUCCESS_WRITE_EVERY_MS = 5000;

/**
 * Keeps the Reddit client's last outcome in `reddit_client_state`, where the status endpoint
 * reads "Reddit unreachable since 12:04" or "Reddit answered 401: check ...". Writes are
 * fire-and-forget: a status write never fails a poll.
 */
export function recordClientHealth(db: Db, clock: Clock, log: Logger) {
  let lastSuccessWrite = 0;
  let failing = false;
  return (outcome: RequestOutcome) => {
    const now = clock.now();
    let write: Promise<unknown>;
    if (outcome.ok) {
      if (!failing && now.getTime() - lastSuccessWrite < SUCCESS_WRITE_EVERY_MS) return;
      lastSuccessWrite = now.getTime();
      failing = false;
      write = db
        .update(redditClientState)
        .set({ lastSuccessAt: now, lastError: null, lastErrorKind: null, errorSince: null })
        .where(eq(redditClientState.id, 1));
    } else {
      failing = true;
      write = db
        .update(redditClientState)
        .set({
          lastError: outcome.error.message,
          lastErrorKind: outcome.error.failure,
          errorSince: sql`coalesce(${redditClientState.errorSince}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(redditClientState.id, 1));
    }
    write.catch((err: unknown) => log.warn({ err }, 'could not record the Reddit client state'));
  };
}
