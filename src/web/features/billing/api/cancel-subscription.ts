import { currentSubscriptionSchema } from '@shared/api/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateBilling } from '../invalidate-billing';

export const cancelSubscription = ({ immediate }: { immediate: boolean }) =>
  api.post('/api/subscriptions/cancel', currentSubscriptionSchema, { immediate });

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => invalidateBilling(queryClient),
  });
}
