import { mentionFiltersToSearch } from '@shared/api/mentions';
import type { FilterValues } from './get-mentions';

/** Where "Export CSV" downloads the list with the same filters. */
export const exportUrl = (filters: FilterValues) => {
  const query = mentionFiltersToSearch(filters).toString();
  return `/api/mentions/export.csv${query ? `?${query}` : ''}`;
};
