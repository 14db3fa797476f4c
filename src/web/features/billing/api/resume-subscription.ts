import { currentSubscriptionSchema } from '@shared/api/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateBilling } from '../invalidate-billing';

/** Resume is its own call, not a second cancel: docs/product.md §6 (API conventions). */
export const resumeSubscription = () =>
  api.post('/api/subscriptions/resume', currentSubscriptionSchema);

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSubscription,
    onSuccess: () => invalidateBilling(queryClient),
  });
}
