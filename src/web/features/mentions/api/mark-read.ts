import { mentionSchema, type Mention, type MentionPage } from '@shared/api/mentions';
import {
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const markRead = (id: number) => api.put(`/api/mentions/${id}/read`, mentionSchema);

type Cached = MentionPage | InfiniteData<MentionPage> | undefined;

const patchPage = (page: MentionPage, updated: Mention): MentionPage => ({
  ...page,
  items: page.items.map((item) => (item.id === updated.id ? { ...item, isRead: true } : item)),
});

/**
 * Dims the mention in every cached list at once. A refetch would reload every page the user
 * has scrolled through for one flag; the flag is all that changed.
 */
function patchCachedLists(queryClient: QueryClient, updated: Mention) {
  queryClient.setQueriesData<Cached>({ queryKey: queryKeys.mentions.lists }, (data) => {
    if (!data) return data;
    if ('pages' in data) {
      return { ...data, pages: data.pages.map((page) => patchPage(page, updated)) };
    }
    return patchPage(data, updated);
  });
}

/** Opening a mention on Reddit marks it read; failing to is not worth a toast. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (updated) => patchCachedLists(queryClient, updated),
  });
}
