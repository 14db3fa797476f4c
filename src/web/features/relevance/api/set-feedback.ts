import { feedbackSchema, type Feedback, type RelevanceLabel } from '@shared/api/relevance';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type SetFeedbackVariables = { mentionId: number; label: RelevanceLabel | null };

/** A thumbs up or down on a mention; null takes it back. */
export const setFeedback = ({ mentionId, label }: SetFeedbackVariables) =>
  api.put(`/api/mentions/${mentionId}/feedback`, feedbackSchema, { label });

type Options = Pick<UseMutationOptions<Feedback, Error, SetFeedbackVariables>, 'onError'>;

/**
 * Success refreshes the mentions (the pressed thumbs) and the keyword's label counts. The
 * marks of one mention are sent one after another, in the order given: a quick second press
 * (taking a mark back) is queued behind the first, never dropped nor overtaking it.
 */
export function useSetFeedback(mentionId: number, { onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFeedback,
    scope: { id: `mention-feedback-${mentionId}` },
    onSuccess: () =>
      Promise.all(
        [queryKeys.mentions.lists, queryKeys.relevance.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    onError,
  });
}
