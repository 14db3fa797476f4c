import type { Alert, DigestFrequency } from '@shared/api/alerts';

export type SortField = 'keyword' | 'updatedAt' | 'createdAt';
export type SortDirection = 'asc' | 'desc';
export type AlertSort = { field: SortField; direction: SortDirection };

export type StatusFilter = 'all' | 'active' | 'inactive';
export type NotificationFilter = 'all' | DigestFrequency;

export type AlertFilters = {
  search: string;
  includeSubreddits: boolean;
  status: StatusFilter;
  notification: NotificationFilter;
  /** A local calendar day, YYYY-MM-DD: alerts created on it or later. */
  createdFrom: string | null;
  sort: AlertSort;
};

export const DEFAULT_SORT: AlertSort = { field: 'updatedAt', direction: 'desc' };

export const DEFAULT_FILTERS: AlertFilters = {
  search: '',
  includeSubreddits: true,
  status: 'all',
  notification: 'all',
  createdFrom: null,
  sort: DEFAULT_SORT,
};

/** Choosing the sorted field again flips its direction; a new field starts ascending. */
export function nextSort(current: AlertSort, field: SortField): AlertSort {
  if (current.field === field) {
    return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { field, direction: 'asc' };
}

const SORT_NAMES: Record<SortField, { name: string; asc: string; desc: string }> = {
  keyword: { name: 'Keyword', asc: 'A-Z', desc: 'Z-A' },
  updatedAt: { name: 'Last updated', asc: 'Oldest', desc: 'Newest' },
  createdAt: { name: 'Created date', asc: 'Oldest', desc: 'Newest' },
};

export function sortFieldName(field: SortField): string {
  return SORT_NAMES[field].name;
}

export function sortDirectionName(sort: AlertSort): string {
  return SORT_NAMES[sort.field][sort.direction];
}

/** "Keyword (A-Z)", "Last updated (Newest)"... */
export function sortLabel(sort: AlertSort): string {
  return `${sortFieldName(sort.field)} (${sortDirectionName(sort)})`;
}

export function subredditNames(alert: Pick<Alert, 'subreddits'>): string[] {
  return (alert.subreddits ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

function matchesSearch(alert: Alert, search: string, includeSubreddits: boolean): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  if (alert.keyword.toLowerCase().includes(needle)) return true;
  if (!includeSubreddits) return false;
  return subredditNames(alert).some((name) => `r/${name.toLowerCase()}`.includes(needle));
}

/** Local midnight of a YYYY-MM-DD day, in milliseconds; NaN when the text is not such a day. */
export function startOfLocalDay(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return Number.NaN;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
}

function matches(alert: Alert, filters: AlertFilters): boolean {
  if (!matchesSearch(alert, filters.search, filters.includeSubreddits)) return false;
  if (filters.status === 'active' && !alert.isActive) return false;
  if (filters.status === 'inactive' && alert.isActive) return false;
  if (filters.notification !== 'all' && alert.digestFrequency !== filters.notification) {
    return false;
  }
  if (filters.createdFrom) {
    const from = startOfLocalDay(filters.createdFrom);
    if (!Number.isNaN(from) && Date.parse(alert.createdAt) < from) return false;
  }
  return true;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** What A–Z sorts a keyword by: its words, not the quotes or parenthesis it opens with. */
export const sortKeyOf = (keyword: string) => keyword.replace(/^[\s"“”„'‘’(]+/u, '');

function compare(a: Alert, b: Alert, field: SortField): number {
  if (field === 'keyword') return collator.compare(sortKeyOf(a.keyword), sortKeyOf(b.keyword));
  return Date.parse(a[field]) - Date.parse(b[field]);
}

/** A new sorted array; ties keep a fixed order (by id) so rows never jump between renders. */
export function sortAlerts(alerts: readonly Alert[], sort: AlertSort): Alert[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...alerts].sort((a, b) => sign * (compare(a, b, sort.field) || a.id - b.id));
}

/** Manage Keywords: filter on the client, then sort. See docs/product.md §3 (Screens). */
export function filterAlerts(alerts: readonly Alert[], filters: AlertFilters): Alert[] {
  return sortAlerts(
    alerts.filter((alert) => matches(alert, filters)),
    filters.sort,
  );
}

export type FilterKey = keyof AlertFilters;

/** The filters that differ from their defaults, in display order. */
export function changedFilters(filters: AlertFilters): FilterKey[] {
  const changed: FilterKey[] = [];
  if (filters.search.trim() !== '') changed.push('search');
  if (filters.includeSubreddits !== DEFAULT_FILTERS.includeSubreddits) {
    changed.push('includeSubreddits');
  }
  if (filters.status !== DEFAULT_FILTERS.status) changed.push('status');
  if (filters.notification !== DEFAULT_FILTERS.notification) changed.push('notification');
  if (filters.createdFrom) changed.push('createdFrom');
  if (
    filters.sort.field !== DEFAULT_SORT.field ||
    filters.sort.direction !== DEFAULT_SORT.direction
  ) {
    changed.push('sort');
  }
  return changed;
}

/** One filter put back to its default (the remove button on an "Active filters" chip). */
export function resetFilter(filters: AlertFilters, key: FilterKey): AlertFilters {
  return { ...filters, [key]: DEFAULT_FILTERS[key] };
}
