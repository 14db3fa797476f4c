import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { queryKeys } from '../../lib/query-keys';
import { useIngestionStatus } from '../../features/ingestion';

/**
 * Keeps an open dashboard current: each refresh of the monitoring status (every 10 s) refetches
 * the counts and the keywords' "Checked …" state, and when the counts show mentions stored since,
 * the latest discussions and the chart follow. Nothing else on the page polls.
 */
export function useLiveDashboard(monthMentions: number | undefined) {
  const queryClient = useQueryClient();
  const { dataUpdatedAt } = useIngestionStatus();
  useEffect(() => {
    if (!dataUpdatedAt) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.stats });
    void queryClient.invalidateQueries({ queryKey: queryKeys.alerts.all });
  }, [dataUpdatedAt, queryClient]);

  const seen = useRef(monthMentions);
  useEffect(() => {
    if (monthMentions === undefined) return;
    if (seen.current !== undefined && monthMentions !== seen.current) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.mentions.all });
    }
    seen.current = monthMentions;
  }, [monthMentions, queryClient]);
}
