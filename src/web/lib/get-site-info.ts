import { siteInfoSchema } from '@shared/api/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/site: this server's settings the web app shows (public, asked once). */
export const getSiteInfo = () => api.get('/api/site', siteInfoSchema);

export const siteInfoQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.site, queryFn: getSiteInfo });

/** SUPPORT_EMAIL, or undefined until the server has said it. */
export const useSupportEmail = () => useQuery(siteInfoQueryOptions()).data?.supportEmail;

/** SOURCES: the sites this server reads (the others are hidden), or undefined until it says. */
export const useEnabledSources = () => useQuery(siteInfoQueryOptions()).data?.sources;
