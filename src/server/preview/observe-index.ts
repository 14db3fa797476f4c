import type { AlertIndex, MatchItem } from '../matching';
import type { RecentItemWindow } from './recent-window';

/**
 * The live matching index, with every item it is asked about also kept in the preview's
 * window: the index sees each newly read item once (overlapping pages are matched only for
 * what is new), and only live reads use it (backfill and re-checks compile their own).
 */
export function createIndexObserver(window: RecentItemWindow) {
  const observed = new WeakMap<AlertIndex, AlertIndex>();
  return (index: AlertIndex): AlertIndex => {
    let wrapped = observed.get(index);
    if (!wrapped) {
      const match = (item: MatchItem) => {
        window.add(item);
        return index.match(item);
      };
      wrapped = Object.assign(Object.create(index) as AlertIndex, { match });
      observed.set(index, wrapped);
    }
    return wrapped;
  };
}
