import { alertRelevanceSchema, type RelevanceUpdate } from '@shared/api/relevance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type UpdateAlertRelevanceVariables = { alertId: number } & RelevanceUpdate;

/** Turns the keyword's "hide likely irrelevant" on or off (saved at once). */
export const updateAlertRelevance = ({ alertId, ...body }: UpdateAlertRelevanceVariables) =>
  api.put(`/api/alerts/${alertId}/relevance`, alertRelevanceSchema, body);

export function useUpdateAlertRelevance({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertRelevance,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.relevance.alert(saved.alertId), saved),
    onError,
  });
}
