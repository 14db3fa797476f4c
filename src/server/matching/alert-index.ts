import { CharClasses } from './char-classes';
import { IndexCore } from './index-core';
import type {
  AlertChange,
  AlertInput,
  AlertMatch,
  ApplyResult,
  IndexStats,
  MatchItem,
} from './types';

/** The matching index of all active alerts; see `index.ts` for the contract. */
export interface AlertIndex {
  /** Alerts currently indexed. */
  readonly size: number;
  /** Alert id → parse error, for stored keywords that do not parse (left out, not fatal). */
  readonly rejected: ReadonlyMap<number, string>;
  /** Adds, replaces or removes one alert, in place: O(size of its query), no rebuild. */
  apply(change: AlertChange): ApplyResult;
  /** The alerts matching one item, by ascending alert id. */
  match(item: MatchItem): AlertMatch[];
  /** The indexed alert as it was given (what `match` answered for). */
  alert(id: number): AlertInput | undefined;
  stats(): IndexStats;
  /** True once removed alerts left enough unused words behind, or the hash tables filled
   *  enough since the build, that `compact` pays off. */
  readonly needsCompaction: boolean;
  /**
   * Rebuilds from the indexed alerts without their garbage, in slices that yield to the
   * event loop; matching and `apply` keep working on the old structure meanwhile, and
   * changes made during the rebuild are replayed before the new one takes over.
   */
  compact(): Promise<void>;
  /** Like `compact`, from a fresh list of alerts (after the change feed lost track). */
  replaceAll(alerts: Iterable<AlertInput>): Promise<void>;
}

/** Alerts compiled per slice before a background rebuild yields to the event loop. */
const REBUILD_SLICE = 2000;

/** Compiles the given alerts (inactive or paused ones are skipped) into one index. */
export function compileAlertIndex(alerts: Iterable<AlertInput>): AlertIndex {
  const classes = new CharClasses();
  const list = [...alerts];
  let core = new IndexCore(classes);
  for (const alert of list) core.upsert(alert);
  core.reserveHeadroom();
  let changesSinceBuild = 0;
  let rebuilding: { done: Promise<void>; pending: AlertChange[] } | undefined;

  const applyTo = (target: IndexCore, change: AlertChange): ApplyResult => {
    if (change.type === 'upsert') return target.upsert(change.alert);
    return { status: target.remove(change.alertId) ? 'removed' : 'absent' };
  };

  const rebuild = (inputs: AlertInput[]): Promise<void> => {
    const pending: AlertChange[] = [];
    const done = (async () => {
      const next = new IndexCore(classes);
      for (let start = 0; start < inputs.length; start += REBUILD_SLICE) {
        for (const alert of inputs.slice(start, start + REBUILD_SLICE)) next.upsert(alert);
        await new Promise((resolve) => setImmediate(resolve));
      }
      next.reserveHeadroom();
      for (const change of pending) applyTo(next, change);
      core = next;
      changesSinceBuild = pending.length;
    })().finally(() => {
      rebuilding = undefined;
    });
    rebuilding = { done, pending };
    return done;
  };

  return {
    get size() {
      return core.size;
    },
    get rejected() {
      return core.rejected;
    },
    apply(change) {
      changesSinceBuild++;
      rebuilding?.pending.push(change);
      return applyTo(core, change);
    },
    match: (item) => core.match(item),
    alert: (id) => core.alert(id),
    stats: () => ({ ...core.stats(), changesSinceBuild }),
    get needsCompaction() {
      const { leaves } = core;
      // Many unused words, or tables filling up: rebuilding in the background (sized with
      // headroom again) is better than a doubling inside one change.
      return (leaves.deadCount > 1000 && leaves.deadCount * 4 > leaves.count) || core.maxLoad > 0.4;
    },
    async compact() {
      if (rebuilding) return rebuilding.done;
      return rebuild([...core.inputs()]);
    },
    async replaceAll(alerts) {
      // A rebuild already under way started from older data: finish it, then start over.
      if (rebuilding) await rebuilding.done;
      return rebuild([...alerts]);
    },
  };
}
