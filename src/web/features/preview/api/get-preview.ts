import { previewRequestSchema, previewSchema, type PreviewRequest } from '@shared/api/preview';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getPreview = (input: PreviewRequest) =>
  api.post('/api/alerts/preview', previewSchema, input);

/** Only a request the server would accept is sent: the dialog shows the parse error itself. */
export const previewQueryOptions = (input: PreviewRequest) =>
  queryOptions({
    queryKey: queryKeys.preview(input),
    queryFn: () => getPreview(input),
    enabled: previewRequestSchema.safeParse(input).success,
    // The window moves slowly: the same question within a minute gets the same answer.
    staleTime: 60_000,
    // While the next answer loads, the last one stays (no flicker as the user types).
    placeholderData: keepPreviousData,
    retry: false,
  });

export const usePreview = (input: PreviewRequest) => useQuery(previewQueryOptions(input));
