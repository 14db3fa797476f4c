import { alertSchema, type Alert, type AlertCreateInput } from '@shared/api/alerts';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAlerts } from '../invalidate-alerts';

/**
 * Any subset of the alert's fields; pause/resume sends the whole alert back. See
 * docs/product.md §4 (Entities).
 */
export type AlertUpdateInput = Partial<AlertCreateInput>;
export type UpdateAlertVariables = { id: number; data: AlertUpdateInput };

export const updateAlert = ({ id, data }: UpdateAlertVariables) =>
  api.put(`/api/alerts/${id}`, alertSchema, data);

type Options = Pick<
  UseMutationOptions<Alert, Error, UpdateAlertVariables>,
  'onSuccess' | 'onError'
>;

export function useUpdateAlert({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlert,
    onSuccess: async (...args) => {
      await invalidateAlerts(queryClient);
      await onSuccess?.(...args);
    },
    onError,
  });
}
