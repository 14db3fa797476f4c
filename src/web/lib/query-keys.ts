/**
 * Every query key the web app caches under, in one place: features invalidate each other's data
 * (an alert change moves the stats; a reply moves the mentions and the stats) without importing
 * each other. A key's first element names its family; invalidating the family covers them all.
 */
export const queryKeys = {
  alerts: ['alerts'] as const,
  stats: ['stats'] as const,
  subscription: ['subscription'] as const,
  user: ['user'] as const,
  /** Lists (dashboard, /mentions with its filters) and the activity chart. */
  mentions: {
    all: ['mentions'] as const,
    lists: ['mentions', 'list'] as const,
    list: (filters: Record<string, string | undefined>, limit: number) =>
      ['mentions', 'list', filters, limit] as const,
    activity: (days: number) => ['mentions', 'activity', days] as const,
  },
};
