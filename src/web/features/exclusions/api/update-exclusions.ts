import { exclusionsSchema, type ExclusionsUpdateInput } from '@shared/api/exclusions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Both lists, each replacing what was saved; the answer holds them as the server keeps them. */
export const updateExclusions = (body: ExclusionsUpdateInput) =>
  api.put('/api/exclusions', exclusionsSchema, body);

export function useUpdateExclusions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExclusions,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.exclusions, saved),
  });
}
