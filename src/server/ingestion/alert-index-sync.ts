import { inArray } from 'drizzle-orm';
import { watchAlertChanges, type WatchOptions } from '../db/alert-change-feed';
import type { Database, DbOrTx } from '../db/client';
import { alerts, liveAlert } from '../db/schema';
import { compileAlertIndex, type AlertIndex, type AlertInput } from '../matching';

/** The columns of `alerts` that matching reads (an `AlertInput`). */
export const matchingColumns = {
  id: alerts.id,
  keyword: alerts.keyword,
  subreddits: alerts.subreddits,
  includeComments: alerts.includeComments,
  titlesOnly: alerts.titlesOnly,
  minScore: alerts.minScore,
  sources: alerts.sources,
  isActive: alerts.isActive,
  isPaused: alerts.isPaused,
};

/** The alerts the index is compiled from: the live ones. */
export function loadActiveAlerts(db: DbOrTx): Promise<AlertInput[]> {
  return db.select(matchingColumns).from(alerts).where(liveAlert);
}

/**
 * Brings the index up to date for the given alert ids: reads their rows as they are now and
 * upserts them (an inactive or paused row is removed by the upsert); ids without a row
 * were deleted. Re-reading makes it idempotent, whatever the order of the changes.
 */
export async function applyAlertChanges(db: DbOrTx, index: AlertIndex, ids: number[]) {
  const rows =
    ids.length > 0
      ? await db.select(matchingColumns).from(alerts).where(inArray(alerts.id, ids))
      : [];
  const found = new Set<number>();
  for (const alert of rows) {
    found.add(alert.id);
    index.apply({ type: 'upsert', alert });
  }
  for (const id of ids) if (!found.has(id)) index.apply({ type: 'remove', alertId: id });
}

export type AlertIndexSync = {
  /** The live index: changes made through any process show up in it within seconds. */
  index: AlertIndex;
  stop(): Promise<void>;
};

/**
 * Compiles the index of the active alerts and keeps it current with the change feed. The
 * feed is started before the alerts are read, so a change made during the load is applied
 * after it rather than lost. When removals left enough garbage, the index compacts itself
 * in the background.
 */
export async function startAlertIndexSync(
  database: Database,
  options: WatchOptions & { onApplied?: (alertIds: number[]) => void } = {},
): Promise<AlertIndexSync> {
  // Filled once the alerts are loaded; until then, changed ids are kept in `early`.
  const ready: { index?: AlertIndex } = {};
  const early = new Set<number>();
  const watch = await watchAlertChanges(
    database,
    async ({ alertIds, reset }) => {
      const { index } = ready;
      if (!index) {
        for (const id of alertIds) early.add(id);
        return;
      }
      if (reset) await index.replaceAll(await loadActiveAlerts(database.db));
      else await applyAlertChanges(database.db, index, alertIds);
      options.onApplied?.(alertIds);
      if (index.needsCompaction) {
        void index.compact().catch((error: unknown) => {
          if (options.onError) options.onError(error);
          else process.emitWarning(`alert index compaction: ${String(error)}`);
        });
      }
    },
    options,
  );
  const compiled = compileAlertIndex(await loadActiveAlerts(database.db));
  ready.index = compiled;
  await applyAlertChanges(database.db, compiled, [...early]);
  return { index: compiled, stop: () => watch.stop() };
}
