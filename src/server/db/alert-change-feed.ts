import { gte, sql } from 'drizzle-orm';
import { alertChangeLogState, alertChanges } from './alert-change-schema';
import type { Database } from './client';

export const ALERT_CHANGES_CHANNEL = 'alert_changes';

/** Alerts changed since the previous batch; `reset` means "reload all, track was lost". */
export type AlertChangeBatch = { alertIds: number[]; reset: boolean };

export type WatchOptions = {
  /** Catch-up poll interval: the only source on a lost connection. Default 1 s on PGlite, 5 s on PostgreSQL. */
  pollMs?: number;
  /** A failed poll or listener; watching goes on. Default: a process warning. */
  onError?: (error: unknown) => void;
};

export type AlertChangeWatch = { stop(): Promise<void> };

/**
 * Calls `onChange` with the ids of alerts inserted, updated (in a column matching reads) or
 * deleted through any process, from the moment of the call on. Batches are delivered one
 * at a time (a slow `onChange` delays the next, never overlaps it).
 *
 * The `alert_changes` log, written by triggers, is the source of truth; NOTIFY
 * (`database.listen`) only makes a poll happen at once, so a missed notification costs at most one poll interval. The cursor is a
 * transaction id: each poll delivers the new rows it sees at or past the cursor, then moves
 * the cursor only up to its snapshot's xmin (every older transaction has finished), so a
 * long transaction that commits after a younger one is still seen.
 */
export async function watchAlertChanges(
  database: Database,
  onChange: (batch: AlertChangeBatch) => void | Promise<void>,
  options: WatchOptions = {},
): Promise<AlertChangeWatch> {
  const onError = options.onError ?? ((error) => process.emitWarning(describe(error)));
  let cursor = await snapshotXmin(database);
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;

  /** Rows at or past the cursor already delivered (version → tx), so as not to repeat them. */
  const delivered = new Map<bigint, bigint>();

  const poll = async (): Promise<void> => {
    const xmin = await snapshotXmin(database);
    const [state] = await database.db.select().from(alertChangeLogState);
    if (state && cursor < state.prunedBelowTx) {
      cursor = xmin;
      delivered.clear();
      await onChange({ alertIds: [], reset: true });
      return;
    }
    // Everything committed from the cursor on, delivered at once; the cursor itself only
    // moves to xmin, since an older transaction may still commit rows behind newer ones.
    const rows = await database.db
      .select({ version: alertChanges.version, alertId: alertChanges.alertId, tx: alertChanges.tx })
      .from(alertChanges)
      .where(gte(alertChanges.tx, cursor));
    const alertIds = new Set<number>();
    for (const row of rows) {
      if (delivered.has(row.version)) continue;
      delivered.set(row.version, row.tx);
      alertIds.add(row.alertId);
    }
    cursor = xmin;
    for (const [version, tx] of delivered) if (tx < cursor) delivered.delete(version);
    if (alertIds.size > 0) await onChange({ alertIds: [...alertIds], reset: false });
  };

  // One poll at a time; a request during a poll runs one more right after it.
  const schedule = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = poll()
      .catch(onError)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          schedule();
        }
      });
  };

  const unlisten = await database.listen(ALERT_CHANGES_CHANNEL, schedule, onError);
  const timer = setInterval(schedule, options.pollMs ?? (database.kind === 'pglite' ? 1000 : 5000));
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten();
      await running;
    },
  };
}

/** The oldest transaction still running: every older one has committed or aborted. */
async function snapshotXmin(database: Database): Promise<bigint> {
  const [row] = await database.db
    .select({ xmin: sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text` })
    .from(sql`(select 1) as one`);
  return BigInt(row.xmin);
}

function describe(error: unknown): string {
  return `alert change feed: ${error instanceof Error ? error.message : String(error)}`;
}
