import { testRedditApiResultSchema, type TestRedditApiResult } from '@shared/api/diagnostic';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const runApiTest = (alertId: number) =>
  api.post('/api/test-reddit-api', testRedditApiResultSchema, { alertId });

type Options = Pick<
  UseMutationOptions<TestRedditApiResult, Error, number>,
  'onSuccess' | 'onError'
>;

/** Runs the live test; the alert's status and monitoring are read again afterwards. */
export function useRunApiTest(id: string, { onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runApiTest,
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.alerts.errorInfo(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.alerts.monitoring(id) }),
      ]);
      await onSuccess?.(...args);
    },
    onError,
  });
}
