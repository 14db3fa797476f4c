import {
  previewRequestSchema,
  previewSchema,
  type Preview,
  type PreviewRequest,
} from '@shared/api/preview';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getPreview = (input: PreviewRequest) =>
  api.post('/api/alerts/preview', previewSchema, input);

/** The window moves slowly: the same question within a minute gets the same answer. */
const SETTLED_FOR_MS = 60_000;
/** How soon an early answer is asked again while the dialog shows it. */
const EARLY_FOR_MS = 5_000;

/**
 * An answer from before the last hour held enough to scale to a day (nothing read yet, or under
 * two minutes of it): the worker's next read changes it within seconds, and a user who opens the
 * dialog right after saving a first keyword would otherwise watch "read nothing" for a minute.
 */
export const isEarlyPreview = (preview: Preview | undefined) =>
  preview?.basis === 'window' && preview.perDay === null;

/** Only a request the server would accept is sent: the dialog shows the parse error itself. */
export const previewQueryOptions = (input: PreviewRequest) =>
  queryOptions({
    queryKey: queryKeys.preview(input),
    queryFn: () => getPreview(input),
    enabled: previewRequestSchema.safeParse(input).success,
    staleTime: (query) => (isEarlyPreview(query.state.data) ? EARLY_FOR_MS : SETTLED_FOR_MS),
    // Asked again only while the dialog shows it (no observer, no interval).
    refetchInterval: (query) => (isEarlyPreview(query.state.data) ? EARLY_FOR_MS : false),
    // While the next answer loads, the last one stays (no flicker as the user types).
    placeholderData: keepPreviousData,
    retry: false,
  });

export const usePreview = (input: PreviewRequest) => useQuery(previewQueryOptions(input));
