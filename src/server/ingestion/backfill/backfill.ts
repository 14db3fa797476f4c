import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { ModelCache } from '../../relevance';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { alerts } from '../../db/schema';
import { BudgetBusyError, RedditError, type RedditClient } from '../../reddit';
import { matchingColumns } from '../alert-index-sync';
import { searchAlert } from './alert-search';
import { backfillKey, leaseBackfill, updateBackfill, type BackfillRow } from './backfill-repo';
import { isListingBehind } from '../listings/listing-repo';
import { notifyLive } from '../../live';
import { storeMatches } from '../store-mentions';

/** At most this many posts of the past week are stored per backfill. */
export const BACKFILL_LIMIT = 25;
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 6;
/** After a failure: 1, 2, 4 ... minutes, at most an hour. */
const retryDelay = (attempts: number) => Math.min(3600_000, 60_000 * 2 ** (attempts - 1));

export type BackfillDeps = {
  db: Db;
  reddit: RedditClient;
  clock: Clock;
  log: Logger;
  /** The worker's parsed relevance models, for the mentions stored (decision 014). */
  models?: ModelCache;
};

/**
 * Runs due backfills, one search each, while the budget has spare slots: a new or changed
 * alert gets the matching posts of the past week at once instead of an empty list. The
 * results are re-checked locally, stored marked as backfilled and counted toward the Free
 * quota like any mention. Returns the number run.
 */
export async function runBackfills(deps: BackfillDeps, signal?: AbortSignal): Promise<number> {
  let ran = 0;
  while (!signal?.aborted) {
    // Live listings that are behind get every slot: the backfill waits for the next run.
    if (await isListingBehind(deps.db, deps.clock.now())) break;
    const row = await leaseBackfill(deps.db, deps.clock.now(), LEASE_MS);
    if (!row) break;
    const busy = !(await runOne(deps, row, signal));
    if (busy) break;
    ran++;
  }
  return ran;
}

/** False when no request slot was free (the row waits for the next run). */
async function runOne(deps: BackfillDeps, row: BackfillRow, signal?: AbortSignal) {
  const { db, clock } = deps;
  const [alert] = await db
    .select({ ...matchingColumns, workspaceId: alerts.workspaceId })
    .from(alerts)
    .where(eq(alerts.id, row.alertId));
  // Deleted (the row went with it) or edited since: a newer row holds the current query.
  if (!alert) return true;
  if (backfillKey(alert) !== row.queryKey) {
    await updateBackfill(db, row, { status: 'superseded', leaseUntil: null });
    return true;
  }
  try {
    // A new keyword's backfill is the owner's doing: it draws from their part of the share.
    const found = await searchAlert(deps.reddit, alert, clock.now(), {
      priority: 'background',
      signal,
      user: alert.workspaceId,
    });
    const now = clock.now();
    // Posts from before the alert (or its edit) only: newer ones are the live listings' to
    // store, and are not "from the past week". Reddit's times have whole seconds: the
    // alert's own second is left to the listings too.
    const requestedSecond = Math.floor(row.createdAt.getTime() / 1000) * 1000;
    const earlier = found.filter((match) => match.item.createdAt.getTime() < requestedSecond);
    // The mentions and the search's result commit together, with one live event for the
    // owner's open tabs even when nothing was found: "found N from the past week" follows it.
    const result = await db.transaction(async (tx) => {
      const stored = await storeMatches(tx, earlier.slice(0, BACKFILL_LIMIT), now, {
        backfilled: true,
        models: deps.models,
      });
      await updateBackfill(tx, row, {
        status: 'done',
        stored: stored.stored,
        overQuota: stored.overQuota,
        attempts: row.attempts + 1,
        lastError: null,
        leaseUntil: null,
        finishedAt: now,
      });
      await notifyLive(tx, [{ type: 'mentions', workspaceId: alert.workspaceId }]);
      return stored;
    });
    deps.log.info({ alert: alert.id, found: found.length, ...result }, 'backfill done');
    return true;
  } catch (error) {
    if (error instanceof BudgetBusyError) {
      await updateBackfill(db, row, { leaseUntil: null });
      return false;
    }
    if (signal?.aborted) throw error;
    const attempts = row.attempts + 1;
    const message = error instanceof RedditError ? error.message : 'Internal error';
    const now = clock.now();
    await updateBackfill(db, row, {
      attempts,
      lastError: message,
      leaseUntil: null,
      ...(attempts >= MAX_ATTEMPTS
        ? { status: 'failed', finishedAt: now }
        : { nextAttemptAt: new Date(now.getTime() + retryDelay(attempts)) }),
    });
    deps.log.warn({ alert: alert.id, attempts, err: message }, 'backfill failed');
    if (!(error instanceof RedditError)) throw error;
    return true;
  }
}
