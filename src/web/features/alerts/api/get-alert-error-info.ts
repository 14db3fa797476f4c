import { alertErrorInfoSchema } from '@shared/api/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getAlertErrorInfo = (id: string) =>
  api.get(`/api/alerts/error-info/${encodeURIComponent(id)}`, alertErrorInfoSchema);

export const alertErrorInfoQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.alerts.errorInfo(id), queryFn: () => getAlertErrorInfo(id) });

export const useAlertErrorInfo = (id: string) => useQuery(alertErrorInfoQueryOptions(id));
