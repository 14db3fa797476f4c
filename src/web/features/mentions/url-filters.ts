import { mentionFiltersSchema, type MentionFilters } from '@shared/api/mentions';

export const URL_FILTER_KEYS = [
  'alertId',
  'subreddit',
  'source',
  'replied',
  'assignee',
  'since',
  'hidden',
] as const;
export type UrlFilterKey = (typeof URL_FILTER_KEYS)[number];

/**
 * The Alerts list's filters from its URL. A value the API would refuse is dropped; a site is
 * kept by its canonical name (?source=hn selects Hacker News).
 */
export function filtersFromSearch(params: URLSearchParams): MentionFilters {
  const found: MentionFilters = {};
  for (const key of URL_FILTER_KEYS) {
    const value = params.get(key);
    if (!value) continue;
    const parsed = mentionFiltersSchema.shape[key].safeParse(value);
    if (!parsed.success) continue;
    Object.assign(found, { [key]: key === 'source' ? parsed.data : value });
  }
  return found;
}
