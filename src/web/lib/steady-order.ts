import { useMemo, useState } from 'react';

/**
 * `items` in the order the user last saw them: ones seen before keep their places, new ones go
 * first (they are what the user just added), gone ones drop out. Editing a row in a list sorted
 * by "Last Updated" would otherwise move it away from under the pointer.
 */
export function steadyOrder<T extends { id: number }>(
  seen: readonly number[],
  items: readonly T[],
) {
  const byId = new Map(items.map((item) => [item.id, item]));
  const known = new Set(seen);
  const fresh = items.filter((item) => !known.has(item.id));
  const kept = seen.flatMap((id) => {
    const item = byId.get(id);
    return item ? [item] : [];
  });
  return [...fresh, ...kept];
}

/**
 * The sorted `items`, held steady while the data changes under the same `sortKey`; a new sort
 * (or the next visit, which mounts afresh) shows the true order again.
 */
export function useSteadyOrder<T extends { id: number }>(items: readonly T[], sortKey: string) {
  const [seen, setSeen] = useState<{ sortKey: string; ids: readonly number[] } | null>(null);
  const ordered = useMemo(
    () => (seen && seen.sortKey === sortKey ? steadyOrder(seen.ids, items) : [...items]),
    [seen, sortKey, items],
  );
  const ids = ordered.map((item) => item.id);
  // Remembering the order shown is an update during render, React's pattern for state derived
  // from the previous render; it settles at once because the next pass yields the same ids.
  if (!seen || seen.sortKey !== sortKey || !sameIds(seen.ids, ids)) setSeen({ sortKey, ids });
  return ordered;
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);
