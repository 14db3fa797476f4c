import { olderThan, renderChild, type RenderMode, type StoredItem } from './items';
import { lowerBound } from './store';

export interface PageQuery {
  limit: number;
  before?: string;
  after?: string;
}

export interface Page {
  /** Newest first. */
  items: StoredItem[];
  /** Fullname of the last item when older reachable items exist, else null. */
  after: string | null;
}

/**
 * One page of a listing sorted oldest-first, as Reddit pages `new` and `comments`: only the
 * newest `window` items are reachable; `before=X` gives the up to `limit` items just newer than
 * X (the ones closest to X), `after=X` the next `limit` older ones; an unreachable X gives an
 * empty page.
 */
export function page(
  array: readonly StoredItem[],
  window: number,
  query: PageQuery,
  lookup: (fullname: string) => StoredItem | undefined,
): Page {
  const start = Math.max(0, array.length - window);
  const cursor = query.after ?? query.before;
  let from: number;
  let to: number;
  if (cursor === undefined) {
    to = array.length;
    from = Math.max(start, to - query.limit);
  } else {
    const item = lookup(cursor);
    const at = item ? lowerBound(array, item) : -1;
    if (!item || array[at] !== item || at < start) return { items: [], after: null };
    if (query.after !== undefined) {
      to = at;
      from = Math.max(start, at - query.limit);
    } else {
      from = at + 1;
      to = Math.min(array.length, from + query.limit);
      // Reddit answered before-pages with after: null in every recording.
      return { items: array.slice(from, to).reverse(), after: null };
    }
  }
  const items = array.slice(from, to).reverse();
  const after = from > start && items.length > 0 ? items[items.length - 1].fullname : null;
  return { items, after };
}

/** The newest `window` items of several listings merged into one oldest-first array. */
export function merge(arrays: readonly (readonly StoredItem[])[], window: number): StoredItem[] {
  const merged: StoredItem[] = [];
  for (const array of arrays) {
    for (let i = Math.max(0, array.length - window); i < array.length; i++) merged.push(array[i]);
  }
  merged.sort((a, b) => (olderThan(a, b) ? -1 : olderThan(b, a) ? 1 : 0));
  return merged.length > window ? merged.slice(merged.length - window) : merged;
}

export function listingJson(
  children: StoredItem[],
  after: string | null,
  mode: RenderMode,
  lookup: (fullname: string) => StoredItem | undefined,
  extra: 'geo' | 'facets' | 'none' = 'geo',
): string {
  const rendered = children.map((item) =>
    renderChild(item, mode, item.linkId ? lookup(item.linkId) : undefined),
  );
  const head = `{"kind":"Listing","data":{"after":${JSON.stringify(after)},"dist":${children.length},`;
  const middle =
    extra === 'facets'
      ? `"facets":{},"modhash":null,`
      : extra === 'geo'
        ? `"modhash":null,"geo_filter":"",`
        : `"modhash":null,`;
  return `${head}${middle}"children":[${rendered.join(',')}],"before":null}}`;
}
