import { testRedditApiResultSchema, type TestRedditApiResult } from '@shared/api/diagnostic';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertErrorInfoQueryOptions } from './get-alert-error-info';
import { alertMonitoringQueryOptions } from './get-alert-monitoring';

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
        queryClient.invalidateQueries(alertErrorInfoQueryOptions(id)),
        queryClient.invalidateQueries(alertMonitoringQueryOptions(id)),
      ]);
      await onSuccess?.(...args);
    },
    onError,
  });
}
