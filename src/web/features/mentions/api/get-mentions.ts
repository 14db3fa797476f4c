import {
  mentionFiltersToSearch,
  mentionPageSchema,
  MENTION_PAGE_LIMIT,
  type MentionFilters,
} from '@shared/api/mentions';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Filters as the page URL holds them: strings, unset ones absent. */
export type FilterValues = MentionFilters;

export const getMentions = (filters: FilterValues, limit: number, cursor?: string) => {
  const params = mentionFiltersToSearch({ ...filters, cursor, limit: String(limit) });
  return api.get(`/api/mentions?${params}`, mentionPageSchema);
};

/**
 * The dashboard's "Latest discussions": the first page only, 5 mentions. See
 * docs/product.md §3 (Screens).
 */
export const RECENT_MENTIONS = 5;

export const recentMentionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.mentions.list({}, RECENT_MENTIONS),
    queryFn: () => getMentions({}, RECENT_MENTIONS),
  });

export const useRecentMentions = () => useQuery(recentMentionsQueryOptions());

/** /mentions: the filtered list, a page at a time as the user scrolls. */
export const mentionsInfiniteQueryOptions = (filters: FilterValues) =>
  infiniteQueryOptions({
    queryKey: queryKeys.mentions.list(filters, MENTION_PAGE_LIMIT.default),
    queryFn: ({ pageParam }) => getMentions(filters, MENTION_PAGE_LIMIT.default, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useMentionsList = (filters: FilterValues) =>
  useInfiniteQuery(mentionsInfiniteQueryOptions(filters));
