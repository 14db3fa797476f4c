import { digestConfigSchema, type WeeklyReportUpdate } from '@shared/api/digests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The weekly report on or off; answers the whole digest config, which replaces the cached one. */
export const updateWeeklyReport = (body: WeeklyReportUpdate) =>
  api.put('/api/digest-config/weekly-report', digestConfigSchema, body);

export function useUpdateWeeklyReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWeeklyReport,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.email.digestConfig, saved),
  });
}
